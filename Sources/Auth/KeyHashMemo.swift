import Basics

/// The stored hash of API keys presented lately, so a key used on every request is hashed once a
/// minute, not every time: SHA-256 and its hex were half of authenticating a history GET.
///
/// Only keys that resolved to a stored key are remembered (guessing does not fill it), at most
/// `capacity`, each for `lifetime` after it was hashed: a key's text stays in memory no longer
/// than that. What the hash resolves to is still asked of the key store on every request, so a
/// revocation applies exactly as before.
final class KeyHashMemo: Sendable {
    private let entries = Locked<[String: (hash: String, expires: ContinuousClock.Instant)]>([:])
    private let capacity: Int
    private let lifetime: Duration

    init(capacity: Int = 10_000, lifetime: Duration = .seconds(60)) {
        self.capacity = max(1, capacity)
        self.lifetime = lifetime
    }

    func hash(of key: String) -> String? {
        guard let entry = entries.withLock({ $0[key] }), entry.expires > ContinuousClock.now else { return nil }
        return entry.hash
    }

    func remember(_ hash: String, of key: String) {
        let expires = ContinuousClock.now + lifetime
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = (hash, expires)
        }
    }
}
