/// Events after a cursor, oldest first, and the cursor to go on from (the last item's, or the
/// request's when there was none).
public struct FeedPage: Sendable, Equatable {
    public var items: [FeedItem]
    public var next: FeedCursor

    public init(items: [FeedItem], next: FeedCursor) {
        self.items = items
        self.next = next
    }
}
