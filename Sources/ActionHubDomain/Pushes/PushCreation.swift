/// What storing a push came to.
public enum PushCreation: Sendable, Equatable {
    /// Stored now, with a delivery for each of `devices` active devices.
    case created(id: String, devices: Int)
    /// Its `Idempotency-Key` came before with the same request: the push stored then.
    case existing(id: String, devices: Int)
    /// Its `Idempotency-Key` came before with another request.
    case conflict(id: String)
}
