import ActionHub
import Dispatch
import Foundation
import Synchronization

/// Group commit: request threads hand their events to one writer thread and wait; the writer
/// commits everything waiting in one transaction, each event in its own savepoint, and wakes each
/// request only after the COMMIT is durable. One fsync then covers a whole batch instead of one
/// event, which is where the throughput of a durable write path comes from.
final class GroupCommitter: Sendable {
    private let queue = CommitQueue()
    private let stopped = DispatchSemaphore(value: 0)
    private let isClosed = Atomic<Bool>(false)

    /// - Parameter acknowledgeBeforeCommit: test-only and unsafe: wakes requests before COMMIT,
    ///   so that the crash test can prove it detects acknowledged events that were lost.
    init(
        writer: WriterBox, maximumBatch: Int, acknowledgeBeforeCommit: Bool = false,
        observeCommit: (@Sendable (Int, Duration) -> Void)? = nil
    ) {
        // The thread holds the writer weakly: the store owns it, and releasing it last, after the
        // readers, is what lets its connection checkpoint and remove the WAL on close.
        let thread = Thread { [queue, stopped, weak writer] in
            while let batch = queue.nextBatch(limit: maximumBatch) {
                guard let writer else {
                    batch.forEach { $0.complete(.failure(StoreClosed())) }
                    continue
                }
                writer.writer.withLock {
                    $0.commit(batch, acknowledgeBeforeCommit: acknowledgeBeforeCommit, observe: observeCommit)
                }
            }
            stopped.signal()
        }
        thread.name = "actionhub-writer"
        thread.start()
    }

    /// Blocks until the event is committed (or refused) and returns what the store did with it.
    func record(_ response: NewResponse, perform: @escaping @Sendable (any ActionEffects) throws -> String) throws
        -> RecordResult
    {
        let ticket = CommitTicket(response: response, perform: perform)
        guard queue.add(ticket) else { throw StoreClosed() }
        ticket.wait()
        return try ticket.result.get()
    }

    /// Commits what is waiting, stops the writer thread and returns when it has stopped.
    func close() {
        guard !isClosed.exchange(true, ordering: .sequentiallyConsistent) else { return }
        queue.close()
        stopped.wait()
    }
}

/// The writer, shareable between the store and the writer thread.
final class WriterBox: Sendable {
    let writer: Mutex<Writer>

    init(_ writer: sending Writer) {
        self.writer = Mutex(writer)
    }
}
