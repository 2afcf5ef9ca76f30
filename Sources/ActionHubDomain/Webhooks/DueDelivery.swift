/// A delivery claimed for an attempt: what to send, and which attempt this is.
public struct DueDelivery: Sendable, Equatable {
    public var sequence: Int64
    public var endpointId: String
    /// 1 for the first attempt; counts redeliveries' attempts anew.
    public var attempt: Int
    public var position: Int64
    /// When the event was stored, Unix milliseconds: the payload's `timestamp`.
    public var createdAt: Int64
    /// The stored answer body of the event.
    public var body: String
    /// The push, as JSON text; nil for events stored before it was kept.
    public var notification: String?

    public init(
        sequence: Int64, endpointId: String, attempt: Int, position: Int64, createdAt: Int64, body: String,
        notification: String?
    ) {
        self.sequence = sequence
        self.endpointId = endpointId
        self.attempt = attempt
        self.position = position
        self.createdAt = createdAt
        self.body = body
        self.notification = notification
    }
}
