#if canImport(UserNotifications) || canImport(AppleSDKStandIn)
    import Foundation
    #if canImport(UserNotifications)
        import UserNotifications
    #else
        import AppleSDKStandIn
    #endif

    // The Apple glue: what an app's own delegate and extensions call. Nothing here takes over the
    // app's notification handling: no delegate is set, no category is replaced.

    extension NotificationResponse {
        /// The values the kit forwards, read from the system's response on the caller's thread.
        public init(_ response: UNNotificationResponse) {
            let request = response.notification.request
            self.init(
                actionIdentifier: response.actionIdentifier,
                userText: (response as? UNTextInputNotificationResponse)?.userText,
                notificationIdentifier: request.identifier,
                categoryIdentifier: request.content.categoryIdentifier,
                notificationDate: response.notification.date,
                userInfo: UserInfoValue.customKeys(of: request.content.userInfo))
        }
    }

    extension ActionHub {
        /// From the app's `userNotificationCenter(_:didReceive:withCompletionHandler:)` (or its async
        /// form): puts the response in the outbox and returns the deep link to open. The response
        /// object is read where the caller runs; only its values cross to the kit.
        @discardableResult
        public func forward(
            _ response: UNNotificationResponse, isolation: isolated (any Actor)? = #isolation
        ) async -> URL? {
            let values = NotificationResponse(response)
            return await forward(values)
        }

        /// From a Notification Content Extension's `didReceive(_:completionHandler:)`: forwards
        /// through the same outbox (in the App Group container the app shares) and waits briefly
        /// for the outcome, to show it in place. Nil when it did not come in time: the app
        /// delivers it later.
        public func forwardForFeedback(
            _ response: UNNotificationResponse, timeout: Duration = .seconds(5),
            isolation: isolated (any Actor)? = #isolation
        ) async -> Outcome? {
            let values = NotificationResponse(response)
            return await forwardAndWait(values, timeout: timeout).outcome
        }

        /// Adds `categories` to those already registered (by the app or another SDK), replacing
        /// only categories with the same identifiers. Call at launch.
        public static func register(_ categories: sending Set<UNNotificationCategory>) async {
            let center = UNUserNotificationCenter.current()
            let ours = Set(categories.map(\.identifier))
            let registered = await center.notificationCategories()
            center.setNotificationCategories(registered.filter { !ours.contains($0.identifier) }.union(categories))
        }
    }

    /// The media half of a Notification Service Extension: attaches the push's `media-url` and
    /// hands the content back exactly once, the original when anything fails or time runs out.
    ///
    /// ```swift
    /// final class NotificationService: UNNotificationServiceExtension {
    ///     private let media = RichNotificationMedia()
    ///     override func didReceive(_ request: UNNotificationRequest,
    ///                              withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
    ///         media.didReceive(request, withContentHandler: contentHandler)
    ///     }
    ///     override func serviceExtensionTimeWillExpire() { media.timeWillExpire() }
    /// }
    /// ```
    public final class RichNotificationMedia: Sendable {
        /// The content handler and the original content, handed back at most once. Guarded by
        /// its lock: the download finishing and the system's deadline race for it.
        private final class Delivery: @unchecked Sendable {
            private let lock = NSLock()
            private var handler: ((UNNotificationContent) -> Void)?
            private let original: UNNotificationContent
            /// The download, cancelled when the system's time runs out.
            var download: Task<Void, Never>? {
                get { lock.withLock { storedDownload } }
                set { lock.withLock { storedDownload = newValue } }
            }
            private var storedDownload: Task<Void, Never>?

            init(handler: @escaping (UNNotificationContent) -> Void, original: UNNotificationContent) {
                self.handler = handler
                self.original = original
            }

            /// Builds and hands back the content, unless it was already; `make` runs under the lock.
            func finish(_ make: (UNNotificationContent) -> UNNotificationContent) {
                lock.lock()
                defer { lock.unlock() }
                guard let handler else { return }
                self.handler = nil
                handler(make(original))
            }
        }

        private let download: MediaDownload
        private let key: String
        private let folder: URL
        private let current = NSLock()
        nonisolated(unsafe) private var delivery: Delivery?

        /// Tells ActionHub of each push it sent that this device got it (`confirmDelivery`).
        private let hub: ActionHub?

        /// `key` is the userInfo key holding the URL (the article's `media-url`); with `hub`, the
        /// receipt of a push ActionHub sent is confirmed to it while the media downloads.
        public init(download: MediaDownload = MediaDownload(), key: String = "media-url", hub: ActionHub? = nil) {
            self.download = download
            self.key = key
            self.hub = hub
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("ActionHubMedia", isDirectory: true)
        }

        public func didReceive(
            _ request: UNNotificationRequest,
            withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
        ) {
            let delivery = Delivery(handler: contentHandler, original: request.content)
            current.lock()
            self.delivery = delivery
            current.unlock()
            let pushId = hub == nil ? nil : request.content.userInfo[ActionHub.pushIdKey] as? String
            let link = (request.content.userInfo[key] as? String).flatMap(URL.init(string:))
            guard pushId != nil || link != nil else { return delivery.finish { $0 } }
            let identifier = request.identifier
            delivery.download = Task { [download, folder, hub] in
                // The receipt goes out beside the download: the content is handed back (and the
                // extension may be suspended) only once both are done or time runs out.
                async let confirmed: Bool = {
                    guard let hub, let pushId else { return false }
                    return await hub.confirmDelivery(pushId: pushId)
                }()
                var media: MediaDownload.Media?
                if let link { media = try? await download.fetch(link, into: folder) }
                _ = await confirmed
                delivery.finish { original in
                    guard let media,
                        let attachment = try? UNNotificationAttachment(
                            identifier: identifier, url: media.file,
                            options: [UNNotificationAttachmentOptionsTypeHintKey: media.type.typeHint]),
                        let content = original.mutableCopy() as? UNMutableNotificationContent
                    else { return original }
                    content.attachments = [attachment]
                    return content
                }
            }
        }

        /// From `serviceExtensionTimeWillExpire()`: the original content, now, and the download
        /// stopped (the extension's process may be kept for the next push).
        public func timeWillExpire() {
            current.lock()
            let delivery = self.delivery
            current.unlock()
            delivery?.download?.cancel()
            delivery?.finish { $0 }
        }
    }
#endif
