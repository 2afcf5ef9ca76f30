/// What one erasure removed, by kind: the receipt's `counts`.
public struct ErasedCounts: Sendable, Equatable {
    public var events = 0
    public var likes = 0
    public var replies = 0
    public var memberships = 0
    public var choices = 0
    public var listEntries = 0
    public var devices = 0
    /// Webhook deliveries, pending or done, of the erased events: their payloads carry them.
    public var webhookDeliveries = 0
    /// Pushes' deliveries to the user's devices: they name the user and the device token.
    public var pushDeliveries = 0

    public init(
        events: Int = 0, likes: Int = 0, replies: Int = 0, memberships: Int = 0, choices: Int = 0,
        listEntries: Int = 0, devices: Int = 0, webhookDeliveries: Int = 0, pushDeliveries: Int = 0
    ) {
        self.events = events
        self.likes = likes
        self.replies = replies
        self.memberships = memberships
        self.choices = choices
        self.listEntries = listEntries
        self.devices = devices
        self.webhookDeliveries = webhookDeliveries
        self.pushDeliveries = pushDeliveries
    }

    /// The counts by name, in a fixed order, as the receipt shows them.
    public var named: [(name: String, count: Int)] {
        [
            ("events", events), ("likes", likes), ("replies", replies), ("memberships", memberships),
            ("choices", choices), ("listEntries", listEntries), ("devices", devices),
            ("webhookDeliveries", webhookDeliveries), ("pushDeliveries", pushDeliveries),
        ]
    }
}
