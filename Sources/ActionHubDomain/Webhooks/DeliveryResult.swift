/// What became of one attempt, as the outbox records it.
public struct DeliveryResult: Sendable, Equatable {
    public enum Next: Sendable, Equatable {
        case delivered
        /// Try again at this time, Unix milliseconds.
        case retry(at: Int64)
        /// The schedule is used up.
        case failed
        /// Claimed but never attempted (the service stopped first): due again now, its attempt
        /// not counted.
        case released
    }

    public var sequence: Int64
    public var next: Next
    /// The HTTP status the attempt got, when it got one.
    public var statusCode: Int?
    /// Why the attempt failed, when it did.
    public var error: String?
    /// When the attempt ended, Unix milliseconds.
    public var finishedAt: Int64

    public init(sequence: Int64, next: Next, statusCode: Int?, error: String?, finishedAt: Int64) {
        self.sequence = sequence
        self.next = next
        self.statusCode = statusCode
        self.error = error
        self.finishedAt = finishedAt
    }

    /// The delivery's row after this result: its status, when it is next due, when it was
    /// delivered, and how many attempts to take back from its count.
    public var row: (status: WebhookDelivery.Status, nextAttemptAt: Int64?, deliveredAt: Int64?, uncounted: Int) {
        switch next {
        case .delivered: (.delivered, nil, finishedAt, 0)
        case .retry(let at): (.pending, at, nil, 0)
        case .failed: (.failed, nil, nil, 0)
        case .released: (.pending, finishedAt, nil, 1)
        }
    }
}
