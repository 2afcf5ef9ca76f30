import Basics
import Webhooks

/// Signers for calls made from many threads at once: a `WebhookSigner` holds libcrypto state one
/// thread uses at a time, so each signature borrows one and gives it back.
final class SignerPool: Sendable {
    private let secret: String
    private let idle = Locked<[WebhookSigner]>([])

    struct InvalidSecret: Error, CustomStringConvertible {
        var description: String { "the call secret must be whsec_ followed by the base64 of at least 24 bytes" }
    }

    init(secret: String) throws {
        guard let first = WebhookSigner(secret: secret) else { throw InvalidSecret() }
        self.secret = secret
        idle.withLock { $0.append(first) }
    }

    func sign(id: String, timestamp: Int64, body: [UInt8]) throws -> String {
        let borrowed = idle.withLock { $0.popLast() }
        guard let signer = borrowed ?? WebhookSigner(secret: secret) else { throw InvalidSecret() }
        defer { idle.withLock { $0.append(signer) } }
        return try signer.signature(id: id, timestamp: timestamp, body: body)
    }
}
