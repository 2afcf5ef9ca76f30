import Foundation

/// What the app's delegate received, without UserNotifications: the Apple glue makes one from a
/// `UNNotificationResponse`, and tests and other platforms make them directly.
public struct NotificationResponse: Sendable, Equatable {
    public var actionIdentifier: String
    /// The text the user sent, for a text-input action.
    public var userText: String?
    /// `notification.request.identifier`.
    public var notificationIdentifier: String
    public var categoryIdentifier: String
    /// `notification.date`.
    public var notificationDate: Date
    /// The push's custom keys (see `UserInfoValue.customKeys(of:)`).
    public var userInfo: [String: UserInfoValue]

    public init(
        actionIdentifier: String, userText: String? = nil, notificationIdentifier: String,
        categoryIdentifier: String, notificationDate: Date, userInfo: [String: UserInfoValue]
    ) {
        self.actionIdentifier = actionIdentifier
        self.userText = userText
        self.notificationIdentifier = notificationIdentifier
        self.categoryIdentifier = categoryIdentifier
        self.notificationDate = notificationDate
        self.userInfo = userInfo
    }
}
