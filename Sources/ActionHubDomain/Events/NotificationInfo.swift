import JSON

/// The parts of `UNNotificationResponse.notification` the app forwards.
public struct NotificationInfo: Sendable, Equatable {
    /// `request.identifier`, the push's id.
    public var identifier: String
    /// `request.content.categoryIdentifier`.
    public var categoryIdentifier: String
    /// `notification.date`, RFC 3339 as sent.
    public var date: String
    /// `request.content.userInfo`: the push's custom keys.
    public var userInfo: JSONObject
}
