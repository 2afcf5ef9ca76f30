import ActionHubDomain
import Basics
import Crypto
import Foundation

/// Registering endpoints, as the admin API and the CLI both do it: the URL and patterns checked
/// against the routes, an id and a signing secret made, the endpoint stored.
public struct WebhookEndpoints: Sendable {
    public let registry: any WebhookRegistry
    public let routes: RouteTable

    public init(registry: any WebhookRegistry, routes: RouteTable) {
        self.registry = registry
        self.routes = routes
    }

    /// A new endpoint and its secret, shown this once. `events` nil means every event (`*`).
    public func create(url: String, events: [String]?) throws -> (endpoint: WebhookEndpoint, secret: String) {
        let events = events ?? ["*"]
        let errors =
            WebhookEventPattern.urlProblems(url) + WebhookEventPattern.problems(in: events, routes: routes)
        guard errors.isEmpty else { throw ValidationFailure(errors) }
        let endpoint = WebhookEndpoint(
            id: "wh_" + Hex.encode(try SecureRandom.bytes(10)), url: url, events: events,
            createdAt: Timestamp.format(Date()))
        let secret = try WebhookSigner.makeSecret()
        try registry.create(endpoint, secret: secret)
        return (endpoint, secret)
    }
}
