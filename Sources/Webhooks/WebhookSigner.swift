import Crypto
import Foundation

/// Standard Webhooks signatures: `v1,` and the base64 of HMAC-SHA256 over `id.timestamp.body`,
/// keyed by the bytes the secret's base64 (after `whsec_`) stands for.
/// <https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md>
public struct WebhookSigner: Sendable {
    static let prefix = "whsec_"
    private let key: [UInt8]

    /// nil unless `secret` is `whsec_` and base64 of at least 24 bytes.
    public init?(secret: String) {
        guard secret.hasPrefix(Self.prefix), let key = Data(base64Encoded: String(secret.dropFirst(Self.prefix.count))),
            key.count >= 24
        else { return nil }
        self.key = Array(key)
    }

    /// A new secret: 32 random bytes.
    public static func makeSecret() throws -> String {
        prefix + Data(try SecureRandom.bytes(32)).base64EncodedString()
    }

    /// The `webhook-signature` header value for one attempt.
    public func signature(id: String, timestamp: Int64, body: [UInt8]) throws -> String {
        let message = Array("\(id).\(timestamp).".utf8) + body
        return "v1," + Data(try Digest.hmacSHA256(key: key, message: message)).base64EncodedString()
    }
}
