/// Which pushes a funnel counts: one category's, created in `from..<to` (Unix milliseconds),
/// or one push of it.
public struct FunnelQuery: Sendable, Equatable {
    public var category: String
    public var pushId: String?
    public var from: Int64
    public var to: Int64

    public init(category: String, pushId: String? = nil, from: Int64, to: Int64) {
        self.category = category
        self.pushId = pushId
        self.from = from
        self.to = to
    }
}
