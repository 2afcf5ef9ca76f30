/// Pushes and their deliveries, kept durably beside the devices they go to.
public protocol PushStore: Sendable {
    /// In one transaction: unless its idempotency key is known, stores the push and a queued
    /// delivery for every active device of its recipients (a device named twice, or through two
    /// users, gets one). Returns once that is durable.
    func create(_ push: NewPush) throws -> PushCreation
    /// The push with its deliveries, in the order they were queued; nil when there is none.
    func push(id: String) throws -> PushStatus?
    /// The device said it received the push (its service extension ran). With `userId`, only a
    /// delivery to that user's device is found.
    func recordDelivery(pushId: String, token: String, userId: String?, at: Int64) throws -> DeliveryReceipt
    /// The counts and responses a funnel is made of.
    func funnel(_ query: FunnelQuery) throws -> FunnelData
}
