/// `UNNotificationCategoryOptions`, by the names the routes use.
public enum CategoryOption: String, Sendable, CaseIterable {
    case customDismissAction
    case allowInCarPlay
    case hiddenPreviewsShowTitle
    case hiddenPreviewsShowSubtitle
    case allowAnnouncement
}
