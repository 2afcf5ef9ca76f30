/// A push accepted by the API, ready to be stored with one delivery per active device of its
/// recipients.
public struct NewPush: Sendable, Equatable {
    public enum Recipients: Sendable, Equatable {
        case users([String])
        case devices([String])
    }

    public var id: String
    public var category: String
    /// The APNs payload, JSON text, `actionhub-push` included.
    public var payload: String
    public var recipients: Recipients
    public var collapseId: String?
    /// Unix seconds after which APNs stops trying; nil: APNs tries once.
    public var expiration: Int64?
    /// 10 (at once) or 5 (as the device's power allows).
    public var priority: Int
    /// The caller's `Idempotency-Key`, and a hash of the request it came with (empty without a key).
    public var idempotencyKey: String?
    public var requestHash: String
    /// RFC 3339, UTC.
    public var createdAt: String

    public init(
        id: String, category: String, payload: String, recipients: Recipients, collapseId: String? = nil,
        expiration: Int64? = nil, priority: Int = 10, idempotencyKey: String? = nil, requestHash: String,
        createdAt: String
    ) {
        self.id = id
        self.category = category
        self.payload = payload
        self.recipients = recipients
        self.collapseId = collapseId
        self.expiration = expiration
        self.priority = priority
        self.idempotencyKey = idempotencyKey
        self.requestHash = requestHash
        self.createdAt = createdAt
    }
}
