import Foundation

#if canImport(AppleSDKStandIn)
    import AppleSDKStandIn
#endif

extension ActionHub {
    public struct Configuration: Sendable {
        /// ActionHub's base URL (`https://actionhub.example.com`).
        public var server: URL
        /// Where the outbox lives: in an App Group container (`outboxFolder(appGroup:)`) when
        /// extensions forward too.
        public var outboxFolder: URL
        public var routes: KitRoutes
        /// The signed-in user's credential, asked for before every attempt (never before the
        /// response is on disk). Nil while there is none: delivery is tried again with backoff and
        /// each miss is reported as `credentialUnavailable`.
        public var credential: @Sendable () async -> Credential?
        /// A response not delivered within this long becomes an `expired` failure.
        public var maximumAge: Duration
        public var backoff: Backoff
        public var transport: any HTTPTransport
        /// How long `forward` keeps trying one response in-line, under `backgroundTime`, before
        /// leaving it to the outbox: iOS gives a lock-screen action about 30 s.
        public var inlineBudget: Duration
        public var backgroundTime: any BackgroundTime
        /// How long a claimed entry stays this process's when it neither finishes nor gives it back
        /// (it was killed): then another process, or the next launch, sends it.
        public var claimLease: Duration

        public init(
            server: URL, outboxFolder: URL, routes: KitRoutes,
            credential: @escaping @Sendable () async -> Credential?, maximumAge: Duration = .seconds(7 * 86_400),
            backoff: Backoff = Backoff(), transport: any HTTPTransport = URLSessionTransport(),
            inlineBudget: Duration = .seconds(20), backgroundTime: any BackgroundTime = SystemBackgroundTime(),
            claimLease: Duration = .seconds(600)
        ) {
            self.server = server
            self.outboxFolder = outboxFolder
            self.routes = routes
            self.credential = credential
            self.maximumAge = maximumAge
            self.backoff = backoff
            self.transport = transport
            self.inlineBudget = inlineBudget
            self.backgroundTime = backgroundTime
            self.claimLease = claimLease
        }

        /// `ActionHubOutbox` in the App Group container the app and its extensions share. Throws,
        /// rather than giving a folder nobody else sees, when the process has no such container
        /// (the App Groups capability is missing from the app or an extension).
        public static func outboxFolder(appGroup: String) throws(AppGroupUnavailable) -> URL {
            #if canImport(Darwin) || canImport(AppleSDKStandIn)
                guard
                    let container = FileManager.default.containerURL(
                        forSecurityApplicationGroupIdentifier: appGroup)
                else { throw AppGroupUnavailable(appGroup: appGroup) }
                return container.appendingPathComponent("ActionHubOutbox", isDirectory: true)
            #else
                throw AppGroupUnavailable(appGroup: appGroup)
            #endif
        }
    }

    public struct AppGroupUnavailable: Error, Sendable, Equatable, CustomStringConvertible {
        public var appGroup: String
        public init(appGroup: String) { self.appGroup = appGroup }
        public var description: String {
            "ActionHubKit: no App Group container \(appGroup) in this process: add the App Groups capability "
                + "with \(appGroup) to the app and to each notification extension, or the extensions' responses "
                + "are never seen by the app"
        }
    }
}
