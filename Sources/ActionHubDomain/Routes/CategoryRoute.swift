import JSON

/// One `UNNotificationCategory` as declared in a file of `routes/`.
public struct CategoryRoute: Sendable, Equatable {
    public var identifier: String
    public var options: [CategoryOption]
    /// userInfo keys every push of this category carries, and every response must bring back.
    public var requiredUserInfo: [String]
    /// The userInfo key naming what the category's actions act on (`"subject": "meetingId"`),
    /// one of `requiredUserInfo`; handlers that keep state key it on this.
    public var subject: String?
    public var actions: [ActionRoute]
    /// What a hidden preview shows instead of the body (`UNNotificationCategory`).
    public var hiddenPreviewsBodyPlaceholder: String?
    /// The summary of grouped notifications, e.g. "%u new posts" (`UNNotificationCategory`).
    public var categorySummaryFormat: String?
    /// The file's document as loaded, served by `GET /v1/categories`.
    public var document: JSONObject
    public var sourceFile: String

    public func action(_ identifier: String) -> ActionRoute? {
        actions.first { $0.identifier == identifier }
    }
}
