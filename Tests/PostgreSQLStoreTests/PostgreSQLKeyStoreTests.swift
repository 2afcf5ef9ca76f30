import Auth
import PostgreSQL
import PostgreSQLStore
import TestSupport
import Testing

@Suite struct PostgreSQLKeyStoreTests {
    @Test func keysAndTheSigningSecretAreSharedByInstances() throws {
        let url = try PostgreSQLCluster.shared().makeDatabase()
        let first = try PostgreSQLKeyStore(url: url)
        let second = try PostgreSQLKeyStore(url: url)
        let created = try KeyIssuer(store: first).create(name: "ci", scopes: [.historyRead, .responsesWrite])
        let hash = try KeyIssuer.hash(created.secret)
        #expect(try second.key(hash: hash)?.id == created.key.id)
        #expect(try second.key(hash: hash)?.scopes == [.historyRead, .responsesWrite])
        #expect(try second.keys().map(\.name) == ["ci"])
        #expect(try second.revoke(id: created.key.id, at: "2026-11-30T00:00:00Z"))
        #expect(try first.key(hash: hash)?.revokedAt == "2026-11-30T00:00:00Z")
        #expect(try !first.revoke(id: "missing", at: "t"))

        // A secret an older version stored is seen by every instance until it is removed.
        #expect(try second.legacySigningSecret() == nil)
        try PostgreSQLConnection(url: url).query(
            "INSERT INTO secrets (name, value) VALUES ('token-signing', $1)", [String(repeating: "01", count: 32)])
        #expect(try second.legacySigningSecret() == Array(repeating: 1, count: 32))
        try first.removeLegacySigningSecret()
        #expect(try second.legacySigningSecret() == nil)
    }

    @Test func aKeysOwnRateLimitIsStoredWithIt() throws {
        let url = try PostgreSQLCluster.shared().makeDatabase()
        let store = try PostgreSQLKeyStore(url: url)
        let limited = try KeyIssuer(store: store).create(name: "slow", scopes: [.historyRead], rateLimit: 50)
        let unlimited = try KeyIssuer(store: store).create(name: "default", scopes: [.historyRead])
        #expect(try store.key(hash: KeyIssuer.hash(limited.secret))?.rateLimit == 50)
        #expect(try store.key(hash: KeyIssuer.hash(unlimited.secret))?.rateLimit == nil)
        let listed = try store.keys().map { "\($0.name): \($0.rateLimit.map(String.init) ?? "default")" }
        #expect(Set(listed) == ["slow: 50", "default: default"])
    }

    @Test func tokenRevocationsAreSharedAndOnlyEverMoveLater() throws {
        let url = try PostgreSQLCluster.shared().makeDatabase()
        let first = try PostgreSQLKeyStore(url: url)
        let second = try PostgreSQLKeyStore(url: url)
        #expect(try second.tokensRevoked(user: "u-42") == nil)
        try first.revokeTokens(user: "u-42", issuedBefore: 2000)
        try first.revokeTokens(user: "u-42", issuedBefore: 1000)
        #expect(try second.tokensRevoked(user: "u-42") == 2000)
        #expect(try second.tokensRevoked(user: "u-7") == nil)
    }

    /// Instances starting together on an empty database make one first admin key between them,
    /// and none is made again after it was revoked.
    @Test func theFirstKeyIsMadeOnceByInstancesStartingTogether() throws {
        let url = try PostgreSQLCluster.shared().makeDatabase()
        let stores = try (0..<4).map { _ in try PostgreSQLKeyStore(url: url) }
        let made = concurrently(4) { index in
            (try? KeyIssuer(store: stores[index]).createFirst(name: "first admin", scopes: [.admin])) ?? nil
        }
        let keys = made.compactMap { $0 }
        #expect(keys.count == 1)
        #expect(try stores[0].keys().map(\.id) == keys.map(\.key.id))
        #expect(try stores[1].revoke(id: keys[0].key.id, at: "2026-12-01T00:00:00Z"))
        #expect(try KeyIssuer(store: stores[2]).createFirst(name: "again", scopes: [.admin]) == nil)
    }
}
