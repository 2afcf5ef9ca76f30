import ActionHubDomain
import Basics
import Foundation
import GroupCommit
import Synchronization

/// Makes committed batches durable and only then answers them. The writer commits with
/// `synchronous=NORMAL` (no fsync) and hands each batch here; this thread syncs the log once for
/// everything handed over since its last sync, then completes those tickets in commit order.
/// The writer meanwhile runs its next transaction instead of waiting for the disk.
///
/// Answers never get ahead of the disk: a ticket is completed after a sync that began after its
/// COMMIT. A retry answered from a batch committed earlier but not yet synced waits for its own
/// batch's sync, which covers the earlier one. Reads may see an event a few milliseconds before
/// it is durable; nobody is told it is stored before it is.
///
/// After a failed sync the kernel may have dropped the log's unwritten pages, so a later sync
/// that succeeds proves nothing: every later batch fails too, and so does readiness, until the
/// process restarts and SQLite recovers from what is on disk.
final class WALSyncer: Sendable {
    struct Batch: Sendable {
        var tickets: [CommitTicket]
        var results: [Result<RecordResult, any Error>]
        var started: ContinuousClock.Instant
        /// The newest position committed with the batch; nil when its COMMIT failed.
        var committedUpTo: Int64?
    }

    private let sync: @Sendable () throws -> Void
    private let observe: (@Sendable (Int, Duration) -> Void)?
    private let durable: @Sendable (Int64) -> Void
    private let queue = CommitQueue<Batch>()
    private let failure = Locked<(any Error)?>(nil)
    private let isClosed = Atomic<Bool>(false)
    private let stopped = DispatchSemaphore(value: 0)

    /// `sync` makes everything committed so far durable: `SyncedFile.sync` of the database's log;
    /// `durable` hears the newest position that is on disk after each sync.
    init(
        sync: @escaping @Sendable () throws -> Void, observe: (@Sendable (Int, Duration) -> Void)?,
        durable: @escaping @Sendable (Int64) -> Void = { _ in }
    ) {
        self.sync = sync
        self.observe = observe
        self.durable = durable
        let thread = Thread { [self] in
            // Named from inside (Foundation on Linux names only the running thread), in at most
            // the 15 bytes Linux keeps.
            Thread.current.name = "ah-wal-sync"
            run()
        }
        thread.start()
    }

    /// The error of the sync that failed, once one has.
    var failed: (any Error)? { failure.withLock { $0 } }

    /// Hands a committed batch over; after `close`, it is answered with `StoreClosed` at once.
    func add(_ batch: Batch) {
        guard !queue.add(batch) else { return }
        for ticket in batch.tickets { ticket.complete(.failure(StoreClosed())) }
    }

    /// Syncs and answers what was handed over, then stops the thread.
    func close() {
        guard !isClosed.exchange(true, ordering: .sequentiallyConsistent) else { return }
        queue.close()
        stopped.wait()
    }

    private func run() {
        while let batches = queue.nextBatch(limit: .max) {
            var syncFailure = failed
            if syncFailure == nil, batches.contains(where: { $0.results.contains { (try? $0.get()) != nil } }) {
                do {
                    try sync()
                } catch {
                    syncFailure = error
                    failure.withLock { $0 = error }
                }
            }
            if syncFailure == nil, let newest = batches.compactMap(\.committedUpTo).max() { durable(newest) }
            for batch in batches {
                observe?(batch.tickets.count, ContinuousClock.now - batch.started)
                for (ticket, result) in zip(batch.tickets, batch.results) {
                    ticket.complete(syncFailure.map { .failure($0) } ?? result)
                }
            }
        }
        stopped.signal()
    }
}
