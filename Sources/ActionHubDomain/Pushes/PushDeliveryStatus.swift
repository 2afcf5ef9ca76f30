/// Where one device's copy of a push stands.
public enum PushDeliveryStatus: String, Sendable, CaseIterable {
    /// Waiting for its first attempt, or for a retry.
    case queued
    /// APNs took it (200).
    case sent
    /// Given up on: APNs refused it, or the device is disabled.
    case failed
}
