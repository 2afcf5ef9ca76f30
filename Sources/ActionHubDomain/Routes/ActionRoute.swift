import JSON

/// One action of a category and the handler its responses go to.
public struct ActionRoute: Sendable, Equatable {
    /// Apple's identifier for a tap on the notification body.
    public static let defaultActionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"
    /// Apple's identifier for a dismissal; delivered only when the category has `customDismissAction`.
    public static let dismissActionIdentifier = "com.apple.UNNotificationDismissActionIdentifier"

    public var identifier: String
    public var title: String?
    public var options: [ActionOption]
    public var textInput: TextInput?
    /// An SF Symbol name shown with the button (iOS 15+).
    public var icon: String?
    public var handler: String
    /// The keys of the route entry that belong to the handler (e.g. `screen`, `deepLink`).
    public var settings: JSONObject

    /// True for Apple's own identifiers, which the app does not register as buttons.
    public var isSystemAction: Bool {
        identifier == Self.defaultActionIdentifier || identifier == Self.dismissActionIdentifier
    }
}
