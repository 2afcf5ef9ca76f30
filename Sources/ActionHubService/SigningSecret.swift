import Auth
import Crypto

/// The deployment's token signing secret.
public enum SigningSecret {
    /// A configured secret (at least 32 bytes) wins; otherwise the database's, made on first use.
    public static func signer(configured: String?, store: any KeyStore) throws -> TokenSigner {
        if let configured, !configured.isEmpty {
            do {
                return try TokenSigner(secret: Array(configured.utf8))
            } catch {
                throw TooShort()
            }
        }
        return try TokenSigner(secret: try store.signingSecret(storingIfAbsent: try SecureRandom.bytes(32)))
    }

    /// A configured secret under 32 bytes.
    public struct TooShort: Error, CustomStringConvertible {
        public var description: String { "the signing secret must be at least 32 bytes" }
    }
}
