/// What became of a forwarded response, as the kit's `events` stream tells it.
public enum DeliveryEvent: Sendable, Equatable {
    /// Stored by ActionHub (`replayed`: it had been stored by an earlier attempt).
    case delivered(id: String, outcome: Outcome, replayed: Bool)
    /// Will not be delivered; also kept in `failures()` until dismissed.
    case failed(DeliveryFailure)
    /// ActionHub refused the credential (401): delivery waits for `credentialsChanged()`.
    case needsCredential
}
