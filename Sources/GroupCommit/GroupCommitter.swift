import ActionHubDomain
import Basics
import Dispatch
import Foundation
import Synchronization

/// Group commit: request threads hand their events to writer threads; a writer takes
/// everything waiting (up to a batch), commits it in one transaction and tells each request its
/// result only after the COMMIT is durable. One fsync then covers a whole batch instead of one event, which is
/// where the throughput of a durable write path comes from.
///
/// A store brings the writers: one per connection that writes. Each runs on its own thread and
/// must complete every ticket of the batch it is given, with its result only once committed.
public final class GroupCommitter: Sendable {
    /// Commits a batch and completes its tickets.
    public typealias Writer = @Sendable ([CommitTicket]) -> Void

    private let queue = CommitQueue<CommitTicket>()
    private let stopped: DispatchSemaphore
    private let writerCount: Int
    private let isClosed = Atomic<Bool>(false)

    /// `name` names the threads (`name-0`, `name-1`, … when there are several); Linux keeps a thread name only
    /// when it fits in 15 bytes, so keep it short.
    public init(writers: [Writer], maximumBatch: Int, name: String = "ah-writer") {
        precondition(!writers.isEmpty, "a group committer needs at least one writer")
        stopped = DispatchSemaphore(value: 0)
        writerCount = writers.count
        for (index, write) in writers.enumerated() {
            let threadName = writers.count == 1 ? name : "\(name)-\(index)"
            let thread = Thread { [queue, stopped] in
                // Named from inside: on Linux, Foundation names only the running thread.
                Thread.current.name = threadName
                while let batch = queue.nextBatch(limit: max(1, maximumBatch)) { write(batch) }
                stopped.signal()
            }
            thread.start()
        }
    }

    /// Queues the event and returns at once; what the store did with it arrives from a writer
    /// thread, only after the COMMIT is durable (or at once, `StoreClosed`, when closed).
    public func record(
        _ response: NewResponse, perform: @escaping @Sendable (any ActionEffects) throws -> String
    ) -> Deferred<Result<RecordResult, any Error>> {
        Deferred { [queue] resolve in
            guard queue.add(CommitTicket(response: response, perform: perform, resolve: resolve)) else {
                return resolve(.failure(StoreClosed()))
            }
        }
    }

    /// Commits what is waiting, stops the writer threads and returns when they have stopped.
    public func close() {
        guard !isClosed.exchange(true, ordering: .sequentiallyConsistent) else { return }
        queue.close()
        for _ in 0..<writerCount { stopped.wait() }
    }
}
