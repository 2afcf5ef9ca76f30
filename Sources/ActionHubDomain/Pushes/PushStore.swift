/// Pushes and their deliveries, kept durably beside the devices they go to.
public protocol PushStore: Sendable {
    /// In one transaction: unless its idempotency key is known, stores the push and a queued
    /// delivery for every active device of its recipients (a device named twice, or through two
    /// users, gets one). Returns once that is durable.
    func create(_ push: NewPush) throws -> PushCreation
    /// The push with its deliveries, in the order they were queued; nil when there is none.
    func push(id: String) throws -> PushStatus?
}
