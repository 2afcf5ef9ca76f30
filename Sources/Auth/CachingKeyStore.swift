import Basics

/// A `KeyStore` that remembers the keys it found for a short while. Looking a key up in the
/// database was a tenth of the CPU of an authenticated POST: with a writer committing all the
/// time, every lookup opened a read transaction on a changed database and re-read its pages.
///
/// A key revoked through this store stops working at once; one revoked elsewhere (another
/// process, another instance) stops within `lifetime`. Unknown keys are never remembered, so
/// guessing does not fill the cache, and at most `capacity` keys are. Users' token revocations are
/// remembered the same way.
public final class CachingKeyStore: KeyStore {
    private struct Entry {
        var key: APIKey
        var expires: ContinuousClock.Instant
    }

    public let store: any KeyStore
    public let lifetime: Duration
    private let capacity: Int
    private let entries = Locked<[String: Entry]>([:])
    /// Each user's token revocation as last read (nil: none), and until when it is trusted.
    private let revocations = Locked<[String: (revokedBefore: Int64?, expires: ContinuousClock.Instant)]>([:])

    public init(_ store: any KeyStore, lifetime: Duration, capacity: Int = 10_000) {
        self.store = store
        self.lifetime = lifetime
        self.capacity = max(1, capacity)
    }

    public func key(hash: String) throws -> APIKey? {
        let now = ContinuousClock.now
        if let entry = entries.withLock({ $0[hash] }), entry.expires > now { return entry.key }
        guard let key = try store.key(hash: hash) else { return nil }
        if key.revokedAt == nil && lifetime > .zero {
            entries.withLock { entries in
                if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
                entries[hash] = Entry(key: key, expires: now + lifetime)
            }
        }
        return key
    }

    public func insertFirst(_ key: APIKey, hash: String) throws -> Bool {
        try store.insertFirst(key, hash: hash)
    }

    public func revoke(id: String, at time: String) throws -> Bool {
        let revoked = try store.revoke(id: id, at: time)
        entries.withLock { $0 = $0.filter { $0.value.key.id != id } }
        return revoked
    }

    /// Remembered for `lifetime` whether or not the user was ever revoked: every request with a
    /// user token asks. A revocation through this store applies at once, one elsewhere within
    /// `lifetime`.
    public func tokensRevoked(user: String) throws -> Int64? {
        let now = ContinuousClock.now
        if let entry = revocations.withLock({ $0[user] }), entry.expires > now { return entry.revokedBefore }
        let revokedBefore = try store.tokensRevoked(user: user)
        if lifetime > .zero {
            revocations.withLock { revocations in
                if revocations.count >= capacity { revocations.removeAll(keepingCapacity: true) }
                revocations[user] = (revokedBefore, now + lifetime)
            }
        }
        return revokedBefore
    }

    public func revokeTokens(user: String, issuedBefore: Int64) throws {
        try store.revokeTokens(user: user, issuedBefore: issuedBefore)
        revocations.withLock { $0[user] = nil }
    }

    public func insert(_ key: APIKey, hash: String) throws { try store.insert(key, hash: hash) }

    public func keys() throws -> [APIKey] { try store.keys() }

    public func legacySigningSecret() throws -> [UInt8]? { try store.legacySigningSecret() }

    public func removeLegacySigningSecret() throws { try store.removeLegacySigningSecret() }

    public func signingSecretIds() throws -> String? { try store.signingSecretIds() }

    public func recordSigningSecretIds(_ ids: String) throws { try store.recordSigningSecretIds(ids) }
}
