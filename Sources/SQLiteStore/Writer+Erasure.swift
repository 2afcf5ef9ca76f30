import ActionHubDomain
import Foundation
import SQLite

extension Writer {
    /// Erases the user in one write transaction with `secure_delete` on, so the freed space is
    /// overwritten with zeros, then checkpoints the log into the file and truncates it: the
    /// erased text is then in neither the database file nor its log.
    /// <https://www.sqlite.org/pragma.html#pragma_secure_delete>
    func erase(userId: String) throws -> ErasedCounts {
        try connection.execute("PRAGMA secure_delete = ON")
        let counts: ErasedCounts
        do {
            counts = try writeTransaction.run { try eraser.erase(userId: userId) }
        } catch {
            try connection.execute("PRAGMA secure_delete = OFF")
            throw error
        }
        try connection.execute("PRAGMA secure_delete = OFF")
        if counts.events > 0 { erasedAny = true }
        try truncateLog()
        return counts
    }

    /// A TRUNCATE checkpoint waits for readers through the busy handler but gives up at once
    /// while `WALCheckpointer` copies: tried again for up to ten seconds.
    private func truncateLog() throws {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(10))
        while true {
            let busy = try connection.prepare("PRAGMA wal_checkpoint(TRUNCATE)").rows { $0.integer(at: 0) }.first
            if busy == 0 { return }
            guard clock.now < deadline else { throw LogNotTruncated() }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }
}

/// The erasure committed, but its log could not be truncated: the erased bytes may still be in
/// it. Erasing again (which finds nothing more to remove) tries again.
struct LogNotTruncated: Error, CustomStringConvertible {
    var description: String { "the write-ahead log could not be checkpointed and truncated after an erasure" }
}
