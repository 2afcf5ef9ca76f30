/// An app install's APNs device token, registered for a user: where their pushes go.
public struct Device: Sendable, Equatable {
    public enum Environment: String, Sendable, CaseIterable {
        case sandbox, production
    }

    public enum State: String, Sendable {
        case active, disabled
    }

    /// Lower-case hex, as APNs takes it in the request path.
    public var token: String
    public var userId: String
    public var environment: Environment
    /// The app's bundle id: the `apns-topic` of its pushes.
    public var topic: String
    public var state: State
    /// Why it was disabled (APNs' reason), nil while active.
    public var reason: String?
    /// RFC 3339, UTC: when it was last registered.
    public var registeredAt: String

    public init(
        token: String, userId: String, environment: Environment, topic: String, state: State = .active,
        reason: String? = nil, registeredAt: String
    ) {
        self.token = token
        self.userId = userId
        self.environment = environment
        self.topic = topic
        self.state = state
        self.reason = reason
        self.registeredAt = registeredAt
    }
}
