import Crypto
import Foundation

/// Standard Webhooks signatures: `v1,` and the base64 of HMAC-SHA256 over `id.timestamp.body`,
/// keyed by the bytes the secret's base64 (after `whsec_`) stands for.
/// <https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md>
///
/// Holds its key set up in libcrypto: one signer per thread.
public final class WebhookSigner {
    static let prefix = "whsec_"
    private let key: HMACKey

    /// nil unless `secret` is `whsec_` and base64 of at least 24 bytes (or libcrypto failed).
    public init?(secret: String) {
        guard secret.hasPrefix(Self.prefix),
            let bytes = Data(base64Encoded: String(secret.dropFirst(Self.prefix.count))),
            bytes.count >= 24, let key = try? HMACKey(Array(bytes))
        else { return nil }
        self.key = key
    }

    /// A new secret: 32 random bytes.
    public static func makeSecret() throws -> String {
        prefix + Data(try SecureRandom.bytes(32)).base64EncodedString()
    }

    /// The `webhook-signature` header value for one attempt.
    public func signature(id: String, timestamp: Int64, body: [UInt8]) throws -> String {
        let message = Array("\(id).\(timestamp).".utf8) + body
        return "v1," + Data(try key.authenticate(message)).base64EncodedString()
    }
}
