// A stand-in for Apple's UserNotifications framework, on Linux only, so that CI type-checks
// ActionHubKit's Apple glue in Swift 6 mode. It declares exactly what the glue uses, with the
// signatures of the iOS 17 SDK (no class here is Sendable, as in the SDK: the strictest case);
// nothing here runs. On Apple platforms the real framework is used and this target is not built.
import Foundation

open class UNNotificationContent: NSObject {
    open var title: String { "" }
    open var body: String { "" }
    open var categoryIdentifier: String { "" }
    open var userInfo: [AnyHashable: Any] { [:] }
    open var attachments: [UNNotificationAttachment] { [] }

    open override func mutableCopy() -> Any { UNMutableNotificationContent() }
}

open class UNMutableNotificationContent: UNNotificationContent {
    private var storedAttachments: [UNNotificationAttachment] = []
    open override var attachments: [UNNotificationAttachment] {
        get { storedAttachments }
        set { storedAttachments = newValue }
    }
}

open class UNNotificationRequest: NSObject {
    open var identifier: String { "" }
    open var content: UNNotificationContent { UNNotificationContent() }
}

open class UNNotification: NSObject {
    open var date: Date { Date() }
    open var request: UNNotificationRequest { UNNotificationRequest() }
}

open class UNNotificationResponse: NSObject {
    open var notification: UNNotification { UNNotification() }
    open var actionIdentifier: String { "" }
}

open class UNTextInputNotificationResponse: UNNotificationResponse {
    open var userText: String { "" }
}

public struct UNNotificationActionOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let authenticationRequired = UNNotificationActionOptions(rawValue: 1 << 0)
    public static let destructive = UNNotificationActionOptions(rawValue: 1 << 1)
    public static let foreground = UNNotificationActionOptions(rawValue: 1 << 2)
}

public struct UNNotificationCategoryOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let customDismissAction = UNNotificationCategoryOptions(rawValue: 1 << 0)
    public static let allowInCarPlay = UNNotificationCategoryOptions(rawValue: 1 << 1)
    public static let hiddenPreviewsShowTitle = UNNotificationCategoryOptions(rawValue: 1 << 2)
    public static let hiddenPreviewsShowSubtitle = UNNotificationCategoryOptions(rawValue: 1 << 3)
}

open class UNNotificationActionIcon: NSObject {
    public convenience init(systemImageName: String) { self.init() }
}

open class UNNotificationAction: NSObject {
    open var identifier: String { "" }
    public convenience init(
        identifier: String, title: String, options: UNNotificationActionOptions = [], icon: UNNotificationActionIcon?
    ) { self.init() }
}

open class UNTextInputNotificationAction: UNNotificationAction {
    public convenience init(
        identifier: String, title: String, options: UNNotificationActionOptions = [], icon: UNNotificationActionIcon?,
        textInputButtonTitle: String, textInputPlaceholder: String
    ) { self.init() }
}

open class UNNotificationCategory: NSObject {
    open var identifier: String { "" }
    public convenience init(
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        options: UNNotificationCategoryOptions = []
    ) { self.init() }
    public convenience init(
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        hiddenPreviewsBodyPlaceholder: String, categorySummaryFormat: String?,
        options: UNNotificationCategoryOptions = []
    ) { self.init() }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
// Apple's name.
public let UNNotificationAttachmentOptionsTypeHintKey = "UNNotificationAttachmentOptionsTypeHintKey"

open class UNNotificationAttachment: NSObject {
    open class func attachment(
        withIdentifier identifier: String, url: URL, options: [AnyHashable: Any]? = nil
    ) throws -> UNNotificationAttachment {
        UNNotificationAttachment()
    }
}

open class UNUserNotificationCenter: NSObject {
    open class func current() -> UNUserNotificationCenter { UNUserNotificationCenter() }
    open func notificationCategories() async -> Set<UNNotificationCategory> { [] }
    open func setNotificationCategories(_ categories: Set<UNNotificationCategory>) {}
}

extension String {
    /// Apple's Foundation (iOS 16+) looks the key up in the table's string catalog; Foundation on
    /// Linux has no such initializer, so the stub declares it for the generated category code.
    /// (Apple types `defaultValue` as `String.LocalizationValue`, which a string literal also makes.)
    public init(
        localized key: StaticString, defaultValue: String, table: String? = nil, bundle: Bundle? = nil,
        locale: Locale = .current, comment: StaticString? = nil
    ) {
        self = defaultValue
    }
}
