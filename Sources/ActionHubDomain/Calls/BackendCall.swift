/// What a `call` route asks the team's backend: the event as a Standard Webhooks payload, sent
/// to the route's URL within its timeout. The event id is the message id, so every retry of one
/// response reaches the backend under the same id and it can deduplicate.
public struct BackendCall: Sendable {
    public var url: String
    public var timeout: Duration
    public var eventId: String
    public var route: RouteKey
    /// `{"type": "response.call", "timestamp", "data": {…the validated event…}}`.
    public var body: [UInt8]

    public init(url: String, timeout: Duration, eventId: String, route: RouteKey, body: [UInt8]) {
        self.url = url
        self.timeout = timeout
        self.eventId = eventId
        self.route = route
        self.body = body
    }
}
