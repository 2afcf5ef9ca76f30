/// `UNNotificationCategoryOptions`, by the names the routes use.
public enum CategoryOption: String, Sendable, CaseIterable {
    case customDismissAction
    case allowInCarPlay
    case hiddenPreviewsShowTitle
    case hiddenPreviewsShowSubtitle
    case allowAnnouncement

    /// Options iOS still accepts but no longer uses: `routes check` warns.
    public var deprecation: String? {
        switch self {
        case .allowAnnouncement:
            "allowAnnouncement is deprecated since iOS 15 (announcing is the user's Siri setting) and has no effect"
        default: nil
        }
    }
}
