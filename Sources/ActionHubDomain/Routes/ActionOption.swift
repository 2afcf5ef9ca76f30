/// `UNNotificationActionOptions`, by the names the routes use.
public enum ActionOption: String, Sendable, CaseIterable {
    case authenticationRequired
    case destructive
    case foreground
}
