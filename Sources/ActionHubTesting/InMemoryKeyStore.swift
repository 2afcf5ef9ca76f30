import Auth
import Basics

/// A `KeyStore` in memory, for tests.
public final class InMemoryKeyStore: KeyStore {
    private struct State {
        var keys: [(hash: String, key: APIKey)] = []
        var secret: [UInt8]?
        var signingSecretIds: String?
        var hadFirst = false
        var revocations: [String: Int64] = [:]
    }

    private let state = Locked(State())

    public init() {}

    public func insert(_ key: APIKey, hash: String) throws {
        state.withLock { $0.keys.append((hash, key)) }
    }

    public func insertFirst(_ key: APIKey, hash: String) throws -> Bool {
        state.withLock { state in
            guard state.keys.isEmpty, !state.hadFirst else { return false }
            state.hadFirst = true
            state.keys.append((hash, key))
            return true
        }
    }

    public func key(hash: String) throws -> APIKey? {
        state.withLock { $0.keys.first { $0.hash == hash }?.key }
    }

    public func keys() throws -> [APIKey] {
        state.withLock { $0.keys.map(\.key) }
    }

    public func revoke(id: String, at time: String) throws -> Bool {
        state.withLock { state in
            guard let index = state.keys.firstIndex(where: { $0.key.id == id }) else { return false }
            state.keys[index].key.revokedAt = state.keys[index].key.revokedAt ?? time
            return true
        }
    }

    public func revokeTokens(user: String, issuedBefore: Int64) throws {
        state.withLock { $0.revocations[user] = max($0.revocations[user] ?? .min, issuedBefore) }
    }

    public func tokensRevoked(user: String) throws -> Int64? {
        state.withLock { $0.revocations[user] }
    }

    public func legacySigningSecret() throws -> [UInt8]? {
        state.withLock { $0.secret }
    }

    public func removeLegacySigningSecret() throws {
        state.withLock { $0.secret = nil }
    }

    public func signingSecretIds() throws -> String? {
        state.withLock { $0.signingSecretIds }
    }

    public func recordSigningSecretIds(_ ids: String) throws {
        state.withLock { $0.signingSecretIds = ids }
    }

    /// Stores a secret the way earlier versions kept it, for tests of moving it out.
    public func storeLegacySigningSecret(_ secret: [UInt8]) {
        state.withLock { $0.secret = secret }
    }
}
