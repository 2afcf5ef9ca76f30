import Foundation

/// Work waiting for the threads that take it in batches: the tickets waiting for the writers,
/// the committed batches waiting for a store's log sync. Many threads add; each taking thread
/// takes everything waiting, up to a batch, whenever it is ready for its next round.
///
/// Its state is only touched with `condition` locked.
public final class CommitQueue<Item: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var waiting: [Item] = []
    private var isClosed = false

    public init() {}

    /// False once the queue is closed: the item is not taken.
    public func add(_ item: Item) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !isClosed else { return false }
        waiting.append(item)
        condition.signal()
        return true
    }

    /// Blocks until items wait, then takes up to `limit` of them in arrival order; nil once the
    /// queue is closed and empty.
    public func nextBatch(limit: Int) -> [Item]? {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty && !isClosed { condition.wait() }
        guard !waiting.isEmpty else { return nil }
        let batch = Array(waiting.prefix(limit))
        waiting.removeFirst(batch.count)
        return batch
    }

    /// Refuses new items; those already waiting are still taken.
    public func close() {
        condition.lock()
        isClosed = true
        condition.broadcast()
        condition.unlock()
    }
}
