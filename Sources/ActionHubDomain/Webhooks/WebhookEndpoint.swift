/// A URL the team's backend registered to hear about events, and which events it hears.
public struct WebhookEndpoint: Sendable, Equatable {
    public var id: String
    public var url: String
    /// Event patterns: `*`, `CATEGORY.*` or `CATEGORY.ACTION` (`WebhookEventPattern`).
    public var events: [String]
    public var createdAt: String

    public init(id: String, url: String, events: [String], createdAt: String) {
        self.id = id
        self.url = url
        self.events = events
        self.createdAt = createdAt
    }
}
