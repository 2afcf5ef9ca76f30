import ActionHubDomain
import ActionHubService
import Auth
import Basics
import Foundation
import HTTPClient
import HTTPServer
import Telemetry

/// ActionHub answering over real HTTP inside the test process: the same assembly `actionhub serve`
/// runs (`RunningService`), on a free loopback port and a temporary SQLite database. For tests
/// that speak HTTP but need no process of their own; signals, kill -9, disk faults and the CLI
/// keep theirs (`ServerProcess`).
public final class LiveServer: Sendable {
    public static let repositoryRoutes = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("routes").path

    public let service: RunningService
    public let databasePath: String
    public let adminKey: String
    /// Every log line, as JSON text, at info level and above.
    public let logLines = Locked<[String]>([])
    private let stopped = Locked(false)

    /// `adjust` changes the HTTP server's settings from those of `serve`'s defaults; `database`
    /// (a PostgreSQL URL) replaces the temporary SQLite file.
    public init(
        signingSecret: String? = nil, rateLimit: Int = 100, rateBurst: Int = 200,
        feedMaximumWait: Duration = .seconds(30), routes routesDirectory: String = LiveServer.repositoryRoutes,
        database: String? = nil, calls: CallSecret.Settings = .init(),
        adjust: (inout HTTPServerConfiguration) -> Void = { _ in }
    ) throws {
        databasePath = database ?? TemporaryDatabase.path()
        var http = HTTPServerConfiguration(port: 0, threadCount: 4)
        adjust(&http)
        let lines = logLines
        let routes = try RouteLoader(handlers: .standard).load(directory: routesDirectory)
        service = try RunningService(
            ServiceConfiguration(
                database: try DatabaseLocation(databasePath), routes: routes, http: http, rateLimit: rateLimit,
                rateBurst: rateBurst, signing: .init(secret: signingSecret), feedMaximumWait: feedMaximumWait,
                calls: calls,
                telemetry: Telemetry(logger: Logger(level: .info) { line in lines.withLock { $0.append(line) } })))
        guard let key = service.firstAdminKey else { preconditionFailure("a fresh database has no admin key") }
        adminKey = key
    }

    deinit {
        stop()
    }

    public var port: Int { service.port }

    /// A client that sends the admin key.
    public var client: HTTPClient {
        var client = HTTPClient(host: "127.0.0.1", port: port)
        client.defaultHeaders = [("Authorization", "Bearer \(adminKey)")]
        return client
    }

    /// A client that sends no credential.
    public var anonymousClient: HTTPClient { HTTPClient(host: "127.0.0.1", port: port) }

    /// A new API key with these scopes, as `actionhub keys create` makes it.
    public func makeKey(_ scopes: Set<Scope>, name: String = "", rateLimit: Int? = nil) throws -> String {
        try KeyIssuer(store: service.keys).create(name: name, scopes: scopes, rateLimit: rateLimit).secret
    }

    /// Revokes a key made by `makeKey`, as `actionhub keys revoke` does.
    public func revoke(_ secret: String) throws {
        let id = String(secret.split(separator: "_")[1])
        _ = try service.keys.revoke(id: id, at: Timestamp.format(Date()))
    }

    /// Lets requests in flight finish, then closes the store; later calls do nothing.
    public func stop() {
        guard
            !stopped.withLock({ done in
                defer { done = true }; return done
            })
        else { return }
        service.stop(gracePeriod: .seconds(5))
    }
}
