/// What the outbox holds now, for the gauges: deliveries pending, when the oldest of them was
/// stored, and since when the oldest due one that no live claim holds has waited (its lag).
public struct OutboxBacklog: Sendable, Equatable {
    public var pending: Int
    /// Unix milliseconds.
    public var oldestCreatedAt: Int64?
    /// Unix milliseconds: the due time of the oldest delivery due and not being attempted.
    public var oldestDueAt: Int64?

    public init(pending: Int, oldestCreatedAt: Int64?, oldestDueAt: Int64?) {
        self.pending = pending
        self.oldestCreatedAt = oldestCreatedAt
        self.oldestDueAt = oldestDueAt
    }
}
