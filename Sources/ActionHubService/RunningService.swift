import API
import APNs
import ActionHubDomain
import Auth
import Basics
import Calls
import HTTPServer
import Telemetry
import Webhooks

/// ActionHub assembled and answering: the database opened and migrated, keys and token signer,
/// the response store, the API and the HTTP server listening. `actionhub serve` runs one until a
/// stop signal; tests run one in-process on port 0.
public final class RunningService: Sendable {
    /// The port it listens on, also when the configuration asked for 0.
    public let port: Int
    /// The admin key made on the first start, when the database had no key: shown once.
    public let firstAdminKey: String?
    /// The key store the API authenticates with (behind its cache).
    public let keys: any KeyStore
    public let api: ActionHubAPI
    private let server: HTTPServer
    private let store: OpenStore
    private let openConnections: OpenConnections
    private let dispatcher: WebhookDispatcher
    private let pruner: Pruner
    private let caller: CurlBackendCaller?
    private let sender: APNsSender?

    public init(_ configuration: ServiceConfiguration) throws {
        let database = try configuration.database.open()
        let keys = CachingKeyStore(try database.keyStore(), lifetime: configuration.keyCache)
        let signer = try SigningSecret.signer(
            configuration.signing, database: configuration.database, store: keys,
            logger: configuration.telemetry.logger)
        let rateLimiter =
            configuration.rateLimit == 0
            ? nil : RateLimiter(rate: Double(configuration.rateLimit), burst: Double(configuration.rateBurst))
        let access = AccessControl(
            authenticator: Authenticator(keys: keys, tokens: signer), rateLimiter: rateLimiter,
            keyRate: Double(configuration.keyRateLimit))
        let store = try database.responseStore(
            threadCount: configuration.http.threadCount, commits: configuration.commits,
            metrics: configuration.telemetry.metrics)
        let caller: CurlBackendCaller?
        let providerToken: ProviderToken?
        let missingAPNsFlags: [String]
        do {
            missingAPNsFlags = try configuration.apns.missingFlags()
            providerToken = try configuration.apns.providerToken()
            caller = try Self.makeCaller(configuration)
        } catch {
            store.close()
            throw error
        }
        // Made once the service is up; the API wakes it through this when pushes are queued.
        let senderBox = Locked<APNsSender?>(nil)
        let openConnections = OpenConnections()
        // Made once the service is up; the gauges read it through this.
        let dispatcherBox = Locked<WebhookDispatcher?>(nil)
        let api = ActionHubAPI(
            service: ResponseService(routes: configuration.routes, store: store.store, caller: caller), access: access,
            webhooks: store.webhooks, telemetry: configuration.telemetry,
            feedMaximumWait: configuration.feedMaximumWait,
            pushSending: PushSending(store: store.pushes, missingFlags: missingAPNsFlags) {
                senderBox.withLock { $0 }?.wakeUp()
            }
        ) {
            store.gauges() + Self.webhookGauges(store.webhooks, dispatcher: dispatcherBox.withLock { $0 })
                + Self.callGauges(caller) + Self.pushGauges(store.pushes, sender: senderBox.withLock { $0 }) + [
                    MetricsRegistry.Gauge(
                        name: "actionhub_open_connections", help: "HTTP connections open now.",
                        value: Double(openConnections.count)),
                    MetricsRegistry.Gauge(
                        name: "actionhub_requests_in_flight",
                        help:
                            "Requests received and not yet answered (this scrape included), e.g. waiting for a commit.",
                        value: Double(openConnections.requestsInFlight)),
                    MetricsRegistry.Gauge(
                        name: "actionhub_build_info", help: "The running build; the value is always 1.",
                        labels: [("version", ActionHubVersion.current)], value: 1),
                ]
        }
        let server: HTTPServer
        do {
            server = try HTTPServer(configuration: configuration.http, responder: api)
        } catch {
            caller?.stop()
            store.close()
            throw error
        }
        openConnections.server.withLock { $0 = server }
        // Made once the port is bound: a start that fails on a busy port makes no key that
        // nobody saw (the next start then made none either).
        do {
            firstAdminKey = try Self.makeFirstAdminKey(keys, logger: configuration.telemetry.logger)
        } catch {
            server.stop(gracePeriod: .zero)
            caller?.stop()
            store.close()
            throw error
        }
        // Delivery starts once the service is up, from whatever the outbox holds (also what a
        // previous run left).
        let dispatcher = WebhookDispatcher(
            outbox: store.webhooks, options: configuration.webhooks, telemetry: configuration.telemetry,
            makeTransport: { try CurlTransport() })
        dispatcherBox.withLock { $0 = dispatcher }
        self.dispatcher = dispatcher
        let sender: APNsSender?
        do {
            sender = try providerToken.map { token in
                try APNsSender(
                    outbox: store.pushes, token: token, options: configuration.apns.senderOptions,
                    telemetry: configuration.telemetry)
            }
        } catch {
            dispatcher.stop()
            server.stop(gracePeriod: .zero)
            caller?.stop()
            store.close()
            throw error
        }
        self.sender = sender
        senderBox.withLock { $0 = sender }
        pruner = Pruner(
            settings: configuration.retention, store: store.store, outbox: store.webhooks, pushes: store.pushes,
            logger: configuration.telemetry.logger)
        self.keys = keys
        self.caller = caller
        self.api = api
        self.store = store
        self.server = server
        self.openConnections = openConnections
        port = server.port
    }

    /// On the first start there is no key to call the API with: make an admin key, once, however
    /// many instances start together.
    private static func makeFirstAdminKey(_ keys: any KeyStore, logger: Logger) throws -> String? {
        guard try keys.keys().isEmpty,
            let created = try KeyIssuer(store: keys).createFirst(name: "first admin", scopes: [.admin])
        else { return nil }
        logger.info("created the first admin key", ["keyId": .string(created.key.id)])
        return created.secret
    }

    /// The caller of `call` routes, when there are any, with its bounded pool. The secret beside
    /// an SQLite database is made on the first start either way, so that a team can be given it
    /// before its first call route; PostgreSQL needs one only with call routes.
    private static func makeCaller(_ configuration: ServiceConfiguration) throws -> CurlBackendCaller? {
        let makesCalls = configuration.routes.makesCalls
        if case .postgreSQL = configuration.database, !makesCalls { return nil }
        let secret = try CallSecret.secret(
            configuration.calls, database: configuration.database, logger: configuration.telemetry.logger)
        guard makesCalls else { return nil }
        return try CurlBackendCaller(
            secret: secret, concurrency: configuration.calls.concurrency,
            userAgent: "ActionHub/\(ActionHubVersion.current)", telemetry: configuration.telemetry)
    }

    /// The push outbox's backlog and the sender's streams in flight, when it sends.
    private static func pushGauges(_ outbox: any PushOutbox, sender: APNsSender?) -> [MetricsRegistry.Gauge] {
        guard let sender else { return [] }
        return [
            MetricsRegistry.Gauge(
                name: "actionhub_push_queued_deliveries",
                help: "Push deliveries not yet sent or failed: due, waiting for a retry, or in flight.",
                value: Double((try? outbox.queuedCount()) ?? 0)),
            MetricsRegistry.Gauge(
                name: "actionhub_push_requests_in_flight", help: "Push requests sent to APNs and not yet answered.",
                value: Double(sender.requestsInFlight)),
        ]
    }

    private static func callGauges(_ caller: CurlBackendCaller?) -> [MetricsRegistry.Gauge] {
        guard let caller else { return [] }
        return [
            MetricsRegistry.Gauge(
                name: "actionhub_calls_in_flight", help: "Calls to backends started and not yet answered.",
                value: Double(caller.inFlight))
        ]
    }

    /// Requests received and not yet answered, now.
    public var requestsInFlight: Int { server.requestsInFlight }

    /// Stops listening, lets requests in flight finish for up to `gracePeriod`, then ends calls
    /// still running (nothing of them is stored), commits what is waiting, lets webhook attempts
    /// in progress and the pruning's batch under way finish, and closes the store.
    public func stop(gracePeriod: Duration = .seconds(10)) {
        server.stop(gracePeriod: gracePeriod)
        caller?.stop()
        openConnections.server.withLock { $0 = nil }
        dispatcher.stop()
        sender?.stop()
        pruner.stop()
        store.close()
    }

    /// The outbox's backlog, read at scrape time. A dead endpoint shows here, not in `/readyz`.
    private static func webhookGauges(_ outbox: any WebhookOutbox, dispatcher: WebhookDispatcher?)
        -> [MetricsRegistry.Gauge]
    {
        let now = Timestamp.milliseconds()
        guard let backlog = try? outbox.backlog(now: now) else { return [] }
        let age = backlog.oldestCreatedAt.map { max(0, Double(now - $0) / 1000) } ?? 0
        let lag = backlog.oldestDueAt.map { max(0, Double(now - $0) / 1000) } ?? 0
        return [
            MetricsRegistry.Gauge(
                name: "actionhub_webhook_outbox_lag_seconds",
                help:
                    "How long the oldest due webhook delivery that no instance is attempting has waited; 0 when none.",
                value: lag),
            MetricsRegistry.Gauge(
                name: "actionhub_webhook_claims_held",
                help: "Webhook deliveries this instance holds claimed: waiting in its lanes or being attempted.",
                value: Double(dispatcher?.claimsHeld ?? 0)),
            MetricsRegistry.Gauge(
                name: "actionhub_webhook_pending_deliveries", help: "Webhook deliveries not yet delivered or failed.",
                value: Double(backlog.pending)),
            MetricsRegistry.Gauge(
                name: "actionhub_webhook_oldest_pending_seconds",
                help: "Age of the oldest pending webhook delivery; 0 when none is pending.", value: age),
        ]
    }
}
