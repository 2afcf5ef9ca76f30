import Basics
import Foundation
import SQLite
import Synchronization

/// Copies the log into the database file on a connection and thread of its own, when the writer
/// asks, so that the writer's own checkpoint between batches finds little left to copy. On the
/// writer alone, a checkpoint every 1024 events held every commit up for 17-88 ms (median 49,
/// with its two fsyncs), which set the POST tail. This one never finishes the log under
/// continuous writes (frames arrive while it copies), so only the writer's can let the log start
/// over; this one makes that short.
final class WALCheckpointer: Sendable {
    private let connection: Locked<SQLiteConnection>
    private let wanted = DispatchSemaphore(value: 0)
    private let pending = Atomic<Bool>(false)
    private let isClosed = Atomic<Bool>(false)
    private let stopped = DispatchSemaphore(value: 0)

    init(connection: sending SQLiteConnection) {
        self.connection = Locked(connection)
        let thread = Thread { [self] in
            Thread.current.name = "ah-checkpoint"
            run()
        }
        thread.start()
    }

    /// Asks for a pass; a request while one is pending is the same request.
    func nudge() {
        guard !pending.exchange(true, ordering: .acquiringAndReleasing) else { return }
        wanted.signal()
    }

    /// Stops the thread after the pass under way; the connection closes when this goes.
    func close() {
        guard !isClosed.exchange(true, ordering: .sequentiallyConsistent) else { return }
        wanted.signal()
        stopped.wait()
    }

    private func run() {
        while true {
            wanted.wait()
            if isClosed.load(ordering: .sequentiallyConsistent) { break }
            pending.store(false, ordering: .releasing)
            // PASSIVE never waits: busy (the writer checkpointing) or failing (the disk), it copies
            // what it can, and the writer's next COMMIT or sync reports a disk that fails.
            connection.withLock { _ = try? $0.execute("PRAGMA wal_checkpoint(PASSIVE)") }
        }
        stopped.signal()
    }
}
