import ActionHubDomain
import HTTPServer
import Telemetry
import Webhooks

/// Everything `actionhub serve` is told, already checked: what `RunningService` starts from.
public struct ServiceConfiguration: Sendable {
    public var database: DatabaseLocation
    public var routes: RouteTable
    public var http: HTTPServerConfiguration
    public var commits: DatabaseLocation.CommitSettings
    /// Requests a second each user (token) may make on average; 0 turns every limit off.
    public var rateLimit: Int
    public var rateBurst: Int
    /// Requests a second a service key may make unless created with its own limit; bursts of twice that.
    public var keyRateLimit: Int
    /// How long an API key found is remembered; zero looks every key up on every request.
    public var keyCache: Duration
    /// Where the token signing secret comes from (`SigningSecret.signer`).
    public var signing: SigningSecret.Settings
    /// The longest `GET /v1/events?wait=` holds an empty page.
    public var feedMaximumWait: Duration
    /// How webhooks are delivered: retry schedule, timeout, attempts per endpoint at once.
    public var webhooks: WebhookDispatcher.Options
    /// The secret and concurrency of `call` routes' calls; unused without them.
    public var calls: CallSecret.Settings
    /// How long events and settled webhook deliveries are kept.
    public var retention: RetentionSettings
    /// The token key and hosts pushes are sent with; none by default.
    public var apns: APNsSettings
    public var telemetry: Telemetry

    public init(
        database: DatabaseLocation, routes: RouteTable, http: HTTPServerConfiguration = HTTPServerConfiguration(),
        commits: DatabaseLocation.CommitSettings = .init(), rateLimit: Int = 100, rateBurst: Int = 200,
        keyRateLimit: Int = 2000,
        keyCache: Duration = .seconds(1), signing: SigningSecret.Settings = .init(),
        feedMaximumWait: Duration = .seconds(30),
        webhooks: WebhookDispatcher.Options = .init(), calls: CallSecret.Settings = .init(),
        retention: RetentionSettings = .init(), apns: APNsSettings = .init(),
        telemetry: Telemetry = Telemetry(logger: Logger(level: .error, write: { _ in }))
    ) {
        self.database = database
        self.routes = routes
        self.http = http
        self.commits = commits
        self.rateLimit = rateLimit
        self.rateBurst = rateBurst
        self.keyRateLimit = keyRateLimit
        self.keyCache = keyCache
        self.signing = signing
        self.feedMaximumWait = feedMaximumWait
        self.webhooks = webhooks
        self.calls = calls
        self.retention = retention
        self.apns = apns
        self.telemetry = telemetry
    }
}
