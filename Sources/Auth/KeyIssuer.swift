import Basics
import Crypto
import Foundation

/// Makes API keys — `ahk_<id>_<secret>`, 256 random bits — and recognises them.
public struct KeyIssuer: Sendable {
    public static let prefix = "ahk_"
    public let store: any KeyStore

    public init(store: any KeyStore) {
        self.store = store
    }

    /// Stores a new key and returns it with its secret, which exists nowhere else afterwards.
    public func create(name: String, scopes: Set<Scope>, rateLimit: Int? = nil, now: Date = Date()) throws -> (
        key: APIKey, secret: String
    ) {
        let id = Hex.encode(try SecureRandom.bytes(6))
        let secret = Self.prefix + id + "_" + Base64URL.encode(try SecureRandom.bytes(32))
        let key = APIKey(id: id, name: name, scopes: scopes, createdAt: Timestamp.format(now), rateLimit: rateLimit)
        try store.insert(key, hash: try Self.hash(secret))
        return (key, secret)
    }

    /// A new key stored as the deployment's first (see `KeyStore.insertFirst`); nil when there
    /// already is a key, or another instance made the first one meanwhile.
    public func createFirst(name: String, scopes: Set<Scope>, now: Date = Date()) throws -> (
        key: APIKey, secret: String
    )? {
        let id = Hex.encode(try SecureRandom.bytes(6))
        let secret = Self.prefix + id + "_" + Base64URL.encode(try SecureRandom.bytes(32))
        let key = APIKey(id: id, name: name, scopes: scopes, createdAt: Timestamp.format(now))
        return try store.insertFirst(key, hash: try Self.hash(secret)) ? (key, secret) : nil
    }

    /// Hex SHA-256 of the whole key: what the store keeps and looks keys up by.
    public static func hash(_ secret: String) throws -> String {
        Hex.encode(try Digest.sha256(Array(secret.utf8)))
    }

    /// True when the text has the shape of a key (not whether it is valid).
    public static func looksLikeKey(_ text: String) -> Bool {
        text.hasPrefix(prefix) && text.utf8.count <= 128
    }
}
