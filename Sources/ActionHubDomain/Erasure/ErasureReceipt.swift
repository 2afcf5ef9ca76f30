/// The answer to an erasure request: whose data, when, and how much of it went.
public struct ErasureReceipt: Sendable, Equatable {
    public var userId: String
    /// RFC 3339, UTC.
    public var erasedAt: String
    public var counts: ErasedCounts

    public init(userId: String, erasedAt: String, counts: ErasedCounts) {
        self.userId = userId
        self.erasedAt = erasedAt
        self.counts = counts
    }
}
