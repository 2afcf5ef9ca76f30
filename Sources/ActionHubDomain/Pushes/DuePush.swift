/// One device's copy of a push, claimed for an attempt.
public struct DuePush: Sendable, Equatable {
    /// The delivery's row: names it when its attempt is settled.
    public var sequence: Int64
    public var pushId: String
    public var token: String
    public var environment: Device.Environment
    public var topic: String
    public var payload: String
    public var collapseId: String?
    public var expiration: Int64?
    public var priority: Int
    /// Attempts made before this one.
    public var attempts: Int

    public init(
        sequence: Int64, pushId: String, token: String, environment: Device.Environment, topic: String,
        payload: String, collapseId: String?, expiration: Int64?, priority: Int, attempts: Int
    ) {
        self.sequence = sequence
        self.pushId = pushId
        self.token = token
        self.environment = environment
        self.topic = topic
        self.payload = payload
        self.collapseId = collapseId
        self.expiration = expiration
        self.priority = priority
        self.attempts = attempts
    }
}
