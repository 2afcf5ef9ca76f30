import ActionHubDomain

/// How long events and settled webhook deliveries are kept, and how the pruning paces itself.
public struct RetentionSettings: Sendable {
    /// Events and what they made; off by default.
    public var events: RetentionPeriod
    /// Delivered and failed webhook deliveries; 30 days by default.
    public var deliveries: RetentionPeriod
    /// Between rounds; a round also runs at start.
    public var interval: Duration
    /// Rows of each kind per transaction: small, so that the event writer is held only briefly.
    public var batch: Int
    /// How long the pruner rests after a batch, per unit of time the batch took.
    public var restPerWork: Int

    public init(
        events: RetentionPeriod = RetentionPeriod(nil),
        deliveries: RetentionPeriod = RetentionPeriod(.seconds(30 * 86_400)),
        interval: Duration = .seconds(60), batch: Int = 500, restPerWork: Int = 3
    ) {
        self.events = events
        self.deliveries = deliveries
        self.interval = interval
        self.batch = batch
        self.restPerWork = restPerWork
    }
}
