import Auth
import Crypto

/// The deployment's token signing secret.
enum SigningSecret {
    /// A configured secret (at least 32 bytes) wins; otherwise the database's, made on first use.
    static func signer(configured: String?, store: any KeyStore) throws -> TokenSigner {
        if let configured, !configured.isEmpty {
            do {
                return try TokenSigner(secret: Array(configured.utf8))
            } catch {
                throw UsageError("the signing secret must be at least 32 bytes")
            }
        }
        return try TokenSigner(secret: try store.signingSecret(storingIfAbsent: try SecureRandom.bytes(32)))
    }
}
