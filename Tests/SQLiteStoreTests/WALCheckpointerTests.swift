import ActionHubDomain
import Basics
import Foundation
import SQLite
import TestSupport
import Testing

@testable import GroupCommit
@testable import SQLiteStore

@Suite struct WALCheckpointerTests {
    /// Frames the log holds that the database file does not, after a checkpoint on `connection`;
    /// nil while another connection's checkpoint is under way (busy).
    static func framesLeft(_ connection: SQLiteConnection) throws -> Int64? {
        let row = try connection.prepare("PRAGMA wal_checkpoint(PASSIVE)").rows {
            $0.integer(at: 0) == 0 ? $0.integer(at: 1) - $0.integer(at: 2) : nil
        }
        return row.first ?? nil
    }

    static func waitUntil(_ checkpointer: WALCheckpointer, hasFinished pass: Int) {
        let deadline = Date().addingTimeInterval(TimingBudget.seconds(10))
        while !checkpointer.hasFinished(pass) && Date() < deadline { Thread.sleep(forTimeInterval: 0.001) }
    }

    /// A database with a log of 500 rows of 2 KB that nothing has copied back yet.
    static func databaseWithALog() throws -> (SQLiteDatabase, SQLiteConnection) {
        let database = try SQLiteDatabase(path: TemporaryDatabase.path())
        let writer = try database.openEventWriter()
        try writer.execute("CREATE TABLE filler (text TEXT)")
        let insert = try writer.prepare("INSERT INTO filler VALUES (?1)")
        try writer.transaction(.immediate) {
            for _ in 0..<500 { try insert.run([.text(String(repeating: "x", count: 2000))]) }
        }
        return (database, writer)
    }

    /// Asked, it copies the log into the database file on its own connection and thread and
    /// syncs the file, so the writer's own checkpoint afterwards finds nothing left to copy or to
    /// write; until asked, it copies and syncs nothing.
    @Test func copiesTheLogAndSyncsTheFileWhenAskedAndOnlyThen() throws {
        let (database, writer) = try Self.databaseWithALog()
        let syncs = Locked(0)
        let fileSize = { (try? FileManager.default.attributesOfItem(atPath: database.path)[.size] as? Int) ?? 0 }
        let before = fileSize()
        let checkpointer = WALCheckpointer(connection: try database.openCheckpointer()) {
            syncs.withLock { $0 += 1 }
        }
        defer { checkpointer.close() }
        Thread.sleep(forTimeInterval: 0.2)
        #expect(fileSize() == before, "copied without being asked")
        #expect(syncs.withLock { $0 } == 0)

        let pass = checkpointer.nudge()
        let deadline = Date().addingTimeInterval(TimingBudget.seconds(10))
        while fileSize() < before + 500 * 2000 && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(fileSize() >= before + 500 * 2000)
        // Its pass may still be syncing the file (busy until then); after it, nothing is left to copy.
        var left = try Self.framesLeft(writer)
        while left == nil && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
            left = try Self.framesLeft(writer)
        }
        #expect(left == 0)
        Self.waitUntil(checkpointer, hasFinished: pass)
        #expect(syncs.withLock { $0 } == 1)
    }

    /// The writer waits for a numbered pass: a request while one is pending gets its number, one
    /// made while a pass runs gets the next, and a number has finished only once its sync returned.
    @Test func passesAreNumberedSoThatOneCanBeAwaited() throws {
        let (database, _) = try Self.databaseWithALog()
        let held = HeldSync()
        let checkpointer = WALCheckpointer(connection: try database.openCheckpointer(), syncDatabase: held.sync)
        defer {
            for _ in 0..<4 { held.gate.signal() }
            checkpointer.close()
        }
        #expect(checkpointer.nudge() == 1)
        held.waitForCalls(1)
        #expect(checkpointer.nudge() == 2)
        #expect(checkpointer.nudge() == 2)
        #expect(!checkpointer.hasFinished(1))
        held.gate.signal()
        held.waitForCalls(2)
        #expect(checkpointer.hasFinished(1))
        #expect(!checkpointer.hasFinished(2))
        held.gate.signal()
        Self.waitUntil(checkpointer, hasFinished: 2)
        #expect(checkpointer.hasFinished(2))
        #expect(held.calls.withLock { $0 } == 2)
    }

    /// After the database file failed to sync, the kernel may have dropped the pages it copied, so
    /// a checkpoint that let the log start over could lose events: nothing is copied or committed
    /// any more, as after a failed sync of the log.
    @Test func aFailedSyncOfTheDatabaseFileStopsCopiesAndWrites() throws {
        let database = try SQLiteDatabase(path: TemporaryDatabase.path())
        let held = HeldSync()
        held.failWith.withLock { $0 = DiskFailed() }
        let checkpointer = WALCheckpointer(connection: try database.openCheckpointer(), syncDatabase: held.sync)
        defer { checkpointer.close() }
        let writer = try Writer(connection: try database.openEventWriter())
        let syncer = WALSyncer(sync: {}, observe: nil)
        let answers = Locked<[Result<RecordResult, any Error>]>([])
        let ticket = { (id: String) in
            CommitTicket(
                response: NewResponse(id: id, userId: "u", category: "c", action: "a", fingerprint: "f"),
                perform: { _ in "stored" }, resolve: { result in answers.withLock { $0.append(result) } })
        }

        writer.commit([ticket("before")], acknowledgeBeforeCommit: false, syncer: syncer, checkpointer: checkpointer)
        let pass = checkpointer.nudge()
        held.gate.signal()
        Self.waitUntil(checkpointer, hasFinished: pass)
        #expect(checkpointer.failed is DiskFailed)

        let later = checkpointer.nudge()
        Self.waitUntil(checkpointer, hasFinished: later)
        #expect(held.calls.withLock { $0 } == 1, "synced again after a failed sync")
        writer.commit([ticket("after")], acknowledgeBeforeCommit: false, syncer: syncer, checkpointer: checkpointer)
        syncer.close()
        let results = answers.withLock { $0 }
        #expect(results.count == 2)
        #expect((try? results.first?.get()) != nil)
        #expect(throws: DiskFailed.self) { try results.last?.get() }
    }
}
