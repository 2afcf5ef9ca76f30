// UIKit as Swift imports it: main-actor isolated throughout; it re-exports Foundation, as on iOS.
@_exported import Foundation

@MainActor open class UIApplication: NSObject {
    public struct LaunchOptionsKey: Hashable, RawRepresentable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    public struct OpenExternalURLOptionsKey: Hashable, RawRepresentable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    open class var shared: UIApplication { UIApplication() }
    open func open(_ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:]) async -> Bool { false }
}

@MainActor public protocol UIApplicationDelegate: NSObjectProtocol {
    func application(
        _ application: UIApplication,
        willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool
    func application(
        _ application: UIApplication, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping () -> Void)
    func applicationDidEnterBackground(_ application: UIApplication)
}

extension UIApplicationDelegate {
    public func application(
        _ application: UIApplication,
        willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool { true }
    public func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool { true }
    public func application(
        _ application: UIApplication, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping () -> Void
    ) {}
    public func applicationDidEnterBackground(_ application: UIApplication) {}
}

@MainActor open class UIView: NSObject {}

@MainActor open class UILabel: UIView {
    open var text: String?
}

@MainActor open class UIViewController: NSObject {
    open var view: UIView { UIView() }
    open func viewDidLoad() {}
}
