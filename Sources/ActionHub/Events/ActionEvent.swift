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

    /// The request's content in canonical JSON (sorted keys): a retry with the same id must match it.
    public var fingerprint: String {
        var notificationObject: JSONObject = [
            "identifier": .string(notification.identifier),
            "categoryIdentifier": .string(notification.categoryIdentifier),
            "date": .string(notification.date),
        ]
        notificationObject["userInfo"] = .object(notification.userInfo)
        var object: JSONObject = [
            "id": .string(id), "actionIdentifier": .string(actionIdentifier), "userId": .string(userId),
            "notification": .object(notificationObject),
        ]
        object["userText"] = userText.map(JSONValue.string)
        object["respondedAt"] = respondedAt.map(JSONValue.string)
        return JSONValue.object(object).serialized(sortedKeys: true)
    }
}
