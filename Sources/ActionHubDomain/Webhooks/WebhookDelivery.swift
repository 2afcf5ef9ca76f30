/// One event's delivery to one endpoint, as listed to the operator.
public struct WebhookDelivery: Sendable, Equatable {
    public enum Status: String, Sendable, CaseIterable {
        /// Waiting for its next attempt, or being attempted.
        case pending
        /// An attempt got a 2xx.
        case delivered
        /// Every attempt of the retry schedule failed; only a redelivery tries again.
        case failed
    }

    /// The delivery's number; sent as `webhook-id` `msg_<sequence>`, the same for every attempt.
    public var sequence: Int64
    public var endpointId: String
    public var responseId: String
    /// The event's position, as in the feed and the history listings.
    public var position: Int64
    public var status: Status
    public var attempts: Int
    /// When the event was stored, Unix milliseconds.
    public var createdAt: Int64
    /// When the next attempt is due (pending only), Unix milliseconds.
    public var nextAttemptAt: Int64?
    public var deliveredAt: Int64?
    /// The HTTP status of the last attempt, when it got one.
    public var lastStatusCode: Int?
    /// Why the last attempt failed, when it did.
    public var lastError: String?

    public init(
        sequence: Int64, endpointId: String, responseId: String, position: Int64, status: Status, attempts: Int,
        createdAt: Int64, nextAttemptAt: Int64?, deliveredAt: Int64?, lastStatusCode: Int?, lastError: String?
    ) {
        self.sequence = sequence
        self.endpointId = endpointId
        self.responseId = responseId
        self.position = position
        self.status = status
        self.attempts = attempts
        self.createdAt = createdAt
        self.nextAttemptAt = nextAttemptAt
        self.deliveredAt = deliveredAt
        self.lastStatusCode = lastStatusCode
        self.lastError = lastError
    }

    /// The `webhook-id` of the delivery: `msg_` and its sequence.
    public var messageId: String { Self.messageId(sequence) }

    public static func messageId(_ sequence: Int64) -> String { "msg_\(sequence)" }

    /// The sequence in a `msg_<n>` id; nil for anything else.
    public static func sequence(fromMessageId id: String) -> Int64? {
        guard id.hasPrefix("msg_"), id.utf8.count <= 24, let value = Int64(id.dropFirst(4)), value > 0,
            messageId(value) == id
        else { return nil }
        return value
    }
}
