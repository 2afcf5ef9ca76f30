/// The devices users registered, kept durably beside their events.
public protocol DeviceStore: Sendable {
    /// Stores the device (active, its registration time now its own), or updates the one with
    /// its token, which may move to another user. True when the token was new.
    func register(_ device: Device) throws -> Bool
    /// The user's devices, oldest registration first.
    func devices(userId: String) throws -> [Device]
    /// The device with `token`, if any.
    func device(token: String) throws -> Device?
    /// Forgets the device; false when there was none.
    func removeDevice(token: String) throws -> Bool
}
