import JSON

/// A response event that passed validation against its route: what a handler works on.
public struct ActionEvent: Sendable {
    public static let postIdKey = "postId"

    /// The app's UUID for this response in canonical upper-case form: the idempotency key.
    public var id: String
    public var userId: String
    public var actionIdentifier: String
    public var userText: String?
    public var notification: NotificationInfo
    public var respondedAt: String?
    public var category: CategoryRoute
    public var action: ActionRoute
    /// When the service took the event, RFC 3339 UTC with milliseconds.
    public var receivedAt: String

    public var postId: String? {
        notification.userInfo[Self.postIdKey]?.stringValue
    }

    /// What the action acts on, for a category that names its subject key.
    public var subject: Subject? {
        guard let key = category.subject, let id = notification.userInfo[key]?.stringValue else { return nil }
        return Subject(key: key, id: id)
    }

    /// The push as the feed gives it with the event: identifier, category and userInfo as sent.
    public var notificationDocument: String {
        var writer = JSONWriter(capacity: 192)
        writer.object { notification in
            notification.key("identifier")
            notification.string(self.notification.identifier)
            notification.key("categoryIdentifier")
            notification.string(self.notification.categoryIdentifier)
            notification.key("userInfo")
            notification.value(.object(self.notification.userInfo))
        }
        return writer.text
    }

    /// The request's content in canonical JSON (sorted keys): a retry with the same id must match it.
    /// Written member by member in key order; the text is the one stored with every event, so it
    /// must not change (pinned by ActionEventTests).
    public var fingerprint: String {
        var writer = JSONWriter(capacity: 384)
        writer.object { event in
            event.key("actionIdentifier")
            event.string(actionIdentifier)
            event.key("id")
            event.string(id)
            event.key("notification")
            event.object { notification in
                notification.key("categoryIdentifier")
                notification.string(self.notification.categoryIdentifier)
                notification.key("date")
                notification.string(self.notification.date)
                notification.key("identifier")
                notification.string(self.notification.identifier)
                notification.key("userInfo")
                notification.value(.object(self.notification.userInfo), sortedKeys: true)
            }
            if let respondedAt {
                event.key("respondedAt")
                event.string(respondedAt)
            }
            event.key("userId")
            event.string(userId)
            if let userText {
                event.key("userText")
                event.string(userText)
            }
        }
        return writer.text
    }
}
