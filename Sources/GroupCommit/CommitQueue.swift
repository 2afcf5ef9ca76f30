import Foundation

/// The tickets waiting for the writers. Many request threads add; each writer thread takes
/// everything waiting, up to a batch, whenever it is ready for its next transaction.
///
/// Its state is only touched with `condition` locked.
final class CommitQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var waiting: [CommitTicket] = []
    private var isClosed = false

    /// False once the queue is closed: the ticket is not taken.
    func add(_ ticket: CommitTicket) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !isClosed else { return false }
        waiting.append(ticket)
        condition.signal()
        return true
    }

    /// Blocks until tickets wait, then takes up to `limit` of them in arrival order; nil once the
    /// queue is closed and empty.
    func nextBatch(limit: Int) -> [CommitTicket]? {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty && !isClosed { condition.wait() }
        guard !waiting.isEmpty else { return nil }
        let batch = Array(waiting.prefix(limit))
        waiting.removeFirst(batch.count)
        return batch
    }

    /// Refuses new tickets; those already waiting are still committed.
    func close() {
        condition.lock()
        isClosed = true
        condition.broadcast()
        condition.unlock()
    }
}
