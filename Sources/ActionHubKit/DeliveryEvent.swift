import Foundation

/// What became of a forwarded response, as the kit's `events()` tell it.
public enum DeliveryEvent: Sendable, Equatable {
    /// Stored by ActionHub (`replayed`: it had been stored by an earlier attempt).
    case delivered(id: String, outcome: Outcome, replayed: Bool)
    /// Will not be delivered; also kept in `failures()` until dismissed.
    case failed(DeliveryFailure)
    /// ActionHub refused the credential (401): delivery waits for `credentialsChanged()`.
    case needsCredential
    /// The app's credential closure gave nil (signed out, the Keychain locked, a refresh that
    /// failed offline): delivery is tried again at `retryAt`, or at once on `credentialsChanged()`.
    case credentialUnavailable(retryAt: Date)
}
