import ActionHubDomain

/// What the pushes endpoints need: the store, whether APNs is configured, and how to tell the
/// sender that work was queued.
public struct PushSending: Sendable {
    public var store: any PushStore
    /// The flags still missing for APNs (`--apns-key-file`, …); empty when pushes can be sent.
    public var missingFlags: [String]
    public var queued: @Sendable () -> Void

    public init(store: any PushStore, missingFlags: [String], queued: @escaping @Sendable () -> Void = {}) {
        self.store = store
        self.missingFlags = missingFlags
        self.queued = queued
    }
}
