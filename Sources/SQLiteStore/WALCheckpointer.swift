import Basics
import Foundation
import SQLite
import Synchronization

/// Copies the log into the database file on a connection and thread of its own, when the writer
/// asks, and syncs the file, so that the writer's own checkpoint between batches finds little
/// left to copy or to sync. On the writer alone, a checkpoint every 1024 events held every commit
/// up for 17-88 ms (median 49, with its two fsyncs), which set the POST tail. This one never
/// finishes the log under continuous writes (frames arrive while it copies), so only the
/// writer's can let the log start over; this one makes that short. It syncs the file itself
/// because SQLite syncs it only when a checkpoint reaches the end of the log: without that, the
/// writer's checkpoint wrote every page the passes had copied since the last one (~30 ms).
final class WALCheckpointer: Sendable {
    private let connection: Locked<SQLiteConnection>
    private let wanted = DispatchSemaphore(value: 0)
    /// Whether a pass is asked for and not yet started, and how many have started.
    private let passes = Mutex((pending: false, started: 0))
    private let passesFinished = Atomic<Int>(0)
    private let syncDatabase: @Sendable () throws -> Void
    private let failure = Locked<(any Error)?>(nil)
    private let isClosed = Atomic<Bool>(false)
    private let stopped = DispatchSemaphore(value: 0)

    /// `syncDatabase` makes what the passes copied durable: `SyncedFile.sync` of the database file.
    init(connection: sending SQLiteConnection, syncDatabase: @escaping @Sendable () throws -> Void) {
        self.connection = Locked(connection)
        self.syncDatabase = syncDatabase
        let thread = Thread { [self] in
            Thread.current.name = "ah-checkpoint"
            run()
        }
        thread.start()
    }

    /// Asks for a pass; a request while one is pending is the same request. Returns the number of
    /// that pass: once it `hasFinished`, what was committed before this call has been copied,
    /// unless the pass found the log busy.
    @discardableResult
    func nudge() -> Int {
        let (number, isNew) = passes.withLock { passes in
            defer { passes.pending = true }
            return (passes.started + 1, !passes.pending)
        }
        if isNew { wanted.signal() }
        return number
    }

    /// The error of the database sync that failed, once one has: from then on nothing may be
    /// checkpointed, since a later sync that succeeds proves nothing (`WALSyncer`).
    var failed: (any Error)? { failure.withLock { $0 } }

    /// Whether pass `number` (from `nudge`) has finished.
    func hasFinished(_ number: Int) -> Bool {
        passesFinished.load(ordering: .acquiring) >= number
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
            passes.withLock { passes in
                passes.pending = false
                passes.started += 1
            }
            // PASSIVE never waits: busy (the writer checkpointing) or failing (the disk), it copies
            // what it can, and the writer's next COMMIT or sync reports a disk that fails.
            if failed == nil {
                connection.withLock { _ = try? $0.execute("PRAGMA wal_checkpoint(PASSIVE)") }
                do { try syncDatabase() } catch { failure.withLock { $0 = error } }
            }
            passesFinished.add(1, ordering: .releasing)
        }
        stopped.signal()
    }
}
