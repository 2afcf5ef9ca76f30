/// One page of a newest-first listing: at most `limit` items older than `cursor`.
public struct PageRequest: Sendable, Equatable {
    public static let defaultLimit = 50
    public static let maximumLimit = 200

    public var limit: Int
    public var cursor: PageCursor?

    public init(limit: Int = PageRequest.defaultLimit, cursor: PageCursor? = nil) {
        self.limit = limit
        self.cursor = cursor
    }
}
