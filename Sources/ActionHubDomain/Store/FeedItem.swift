/// One stored event as the feed gives it.
public struct FeedItem: Sendable, Equatable {
    public var cursor: FeedCursor
    /// The answer body, as stored.
    public var body: String
    /// `{"identifier", "categoryIdentifier", "userInfo"}` of the push, as JSON text; nil for events
    /// stored before it was kept.
    public var notification: String?

    public init(cursor: FeedCursor, body: String, notification: String?) {
        self.cursor = cursor
        self.body = body
        self.notification = notification
    }

    /// The event's position, the same one history listings page by.
    public var position: Int64 { cursor.position }
}
