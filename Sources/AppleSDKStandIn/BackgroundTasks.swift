// Apple's BackgroundTasks framework as Swift imports it (iOS 13+), for the kit's app-refresh
// helper and its type-check on Linux: no class is Sendable; nothing here runs.
import Foundation

open class BGTask: NSObject {
    open var identifier: String { "" }
    open var expirationHandler: (() -> Void)?
    open func setTaskCompleted(success: Bool) {}
}

open class BGAppRefreshTask: BGTask {}

open class BGTaskRequest: NSObject {
    open var identifier: String { "" }
    open var earliestBeginDate: Date?
}

open class BGAppRefreshTaskRequest: BGTaskRequest {
    public convenience init(identifier: String) { self.init() }
}

open class BGTaskScheduler: NSObject {
    open class var shared: BGTaskScheduler { BGTaskScheduler() }
    open func register(
        forTaskWithIdentifier identifier: String, using queue: DispatchQueue?,
        launchHandler: @escaping (BGTask) -> Void
    ) -> Bool { true }
    open func submit(_ taskRequest: BGTaskRequest) throws {}
}
