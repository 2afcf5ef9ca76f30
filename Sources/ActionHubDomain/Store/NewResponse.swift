import Basics

/// The keys under which a response event is stored and found again.
public struct NewResponse: Sendable {
    public var id: String
    public var userId: String
    public var category: String
    public var action: String
    /// Canonical request content; a retry of `id` with other content is a conflict.
    public var fingerprint: String
    /// The post or subject whose rows the event's effect locks, when it has one: a store with
    /// several writers takes a batch's locks in this order.
    public var lockKey: String?
    /// The push the response answers, `{"identifier", "categoryIdentifier", "userInfo"}` as JSON
    /// text: stored with the event for the feed.
    public var notification: String?
    /// When the service took the event, Unix milliseconds: the moment its aggregates count it at.
    public var receivedAt: Int64

    public init(
        id: String, userId: String, category: String, action: String, fingerprint: String, lockKey: String? = nil,
        notification: String? = nil, receivedAt: Int64 = Timestamp.milliseconds()
    ) {
        self.id = id
        self.userId = userId
        self.category = category
        self.action = action
        self.fingerprint = fingerprint
        self.lockKey = lockKey
        self.notification = notification
        self.receivedAt = receivedAt
    }
}
