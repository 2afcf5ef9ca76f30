/// What a device's receipt of a push came to.
public enum DeliveryReceipt: Sendable, Equatable {
    /// Recorded now.
    case recorded
    /// Recorded before: a receipt is idempotent.
    case known
    /// The push has no delivery to that device (or not one of the user's).
    case notFound
}
