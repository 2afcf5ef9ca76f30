// Apple's UserNotifications framework as Swift imports it from the iOS 18 SDK, for Linux only, so
// that CI type-checks ActionHubKit's Apple glue and the app code in docs/app.md in Swift 6 mode:
// no class is Sendable, completion handlers are plain `@escaping`, the delegate protocol is not
// isolated and has the async forms, the attachment initializer throws. Only what the glue and the
// documented app code use; nothing here runs. (Objective-C optional requirements become
// requirements with default implementations, which is how an app's methods meet them.)
import Foundation

open class UNNotificationContent: NSObject {
    open var title: String { "" }
    open var subtitle: String { "" }
    open var body: String { "" }
    open var categoryIdentifier: String { "" }
    open var threadIdentifier: String { "" }
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

// swift-format-ignore: AlwaysUseLowerCamelCase
// Apple's names.
public let UNNotificationDefaultActionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"
// swift-format-ignore: AlwaysUseLowerCamelCase
public let UNNotificationDismissActionIdentifier = "com.apple.UNNotificationDismissActionIdentifier"

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

public struct UNNotificationPresentationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let badge = UNNotificationPresentationOptions(rawValue: 1 << 0)
    public static let sound = UNNotificationPresentationOptions(rawValue: 1 << 1)
    public static let list = UNNotificationPresentationOptions(rawValue: 1 << 3)
    public static let banner = UNNotificationPresentationOptions(rawValue: 1 << 4)
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
    open var identifier: String { "" }
    open var url: URL { URL(fileURLWithPath: "/") }
    /// `+attachmentWithIdentifier:URL:options:error:`, which Swift imports as a throwing initializer.
    public convenience init(identifier: String, url: URL, options: [AnyHashable: Any]? = nil) throws {
        self.init()
    }
}

public protocol UNUserNotificationCenterDelegate: NSObjectProtocol {
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void)
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void)
    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async
}

extension UNUserNotificationCenterDelegate {
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
    ) {}
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions { [] }
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) {}
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse
    ) async {}
}

open class UNUserNotificationCenter: NSObject {
    open weak var delegate: (any UNUserNotificationCenterDelegate)?
    open class func current() -> UNUserNotificationCenter { UNUserNotificationCenter() }
    open func notificationCategories() async -> Set<UNNotificationCategory> { [] }
    open func setNotificationCategories(_ categories: Set<UNNotificationCategory>) {}
}

open class UNNotificationServiceExtension: NSObject {
    open func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {}
    open func serviceExtensionTimeWillExpire() {}
}
