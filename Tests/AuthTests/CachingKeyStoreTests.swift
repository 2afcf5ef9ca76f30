import ActionHubTesting
import Auth
import Basics
import Foundation
import Testing

@Suite struct CachingKeyStoreTests {
    /// Counts lookups, so a test can see which ones reached the store.
    final class CountingKeyStore: KeyStore {
        let inner = InMemoryKeyStore()
        let lookups = Locked(0)

        func insert(_ key: APIKey, hash: String) throws { try inner.insert(key, hash: hash) }
        func insertFirst(_ key: APIKey, hash: String) throws -> Bool { try inner.insertFirst(key, hash: hash) }
        func key(hash: String) throws -> APIKey? {
            lookups.withLock { $0 += 1 }
            return try inner.key(hash: hash)
        }
        func keys() throws -> [APIKey] { try inner.keys() }
        func revoke(id: String, at time: String) throws -> Bool { try inner.revoke(id: id, at: time) }
        func revokeTokens(user: String, issuedBefore: Int64) throws {
            try inner.revokeTokens(user: user, issuedBefore: issuedBefore)
        }
        func tokensRevoked(user: String) throws -> Int64? {
            lookups.withLock { $0 += 1 }
            return try inner.tokensRevoked(user: user)
        }
        func legacySigningSecret() throws -> [UInt8]? { try inner.legacySigningSecret() }
        func removeLegacySigningSecret() throws { try inner.removeLegacySigningSecret() }
        func signingSecretIds() throws -> String? { try inner.signingSecretIds() }
        func recordSigningSecretIds(_ ids: String) throws { try inner.recordSigningSecretIds(ids) }
    }

    @Test func aFoundKeyIsLookedUpOncePerLifetime() throws {
        let counting = CountingKeyStore()
        let cache = CachingKeyStore(counting, lifetime: .seconds(60))
        let created = try KeyIssuer(store: cache).create(name: "", scopes: [.responsesWrite])
        let hash = try KeyIssuer.hash(created.secret)
        for _ in 0..<5 { #expect(try cache.key(hash: hash) == created.key) }
        #expect(counting.lookups.withLock { $0 } == 1)
    }

    /// Every request with a user token asks whether its user's tokens were revoked: the answer,
    /// "never" included, is remembered; a revocation through the cache applies at once.
    @Test func tokenRevocationsAreRememberedAndOneThroughTheCacheAppliesAtOnce() throws {
        let counting = CountingKeyStore()
        let cache = CachingKeyStore(counting, lifetime: .seconds(60))
        let signer = try TokenSigner(secret: Array(repeating: 1, count: 32))
        let authenticator = Authenticator(keys: cache, tokens: signer)
        let now = Date()
        let earlier = try signer.mint(user: "u-42", ttl: .seconds(600), now: now.addingTimeInterval(-10))
        for _ in 0..<3 { #expect(try authenticator.authenticate("Bearer \(earlier)") == .success(.user("u-42"))) }
        #expect(counting.lookups.withLock { $0 } == 1)

        try cache.revokeTokens(user: "u-42", issuedBefore: Int64(now.timeIntervalSince1970) - 5)
        #expect(try authenticator.authenticate("Bearer \(earlier)") == .failure(.invalid(reason: "token: revoked")))
        // Tokens issued at or after the moment, and other users' tokens, still work.
        let later = try signer.mint(user: "u-42", ttl: .seconds(600), now: now)
        #expect(try authenticator.authenticate("Bearer \(later)") == .success(.user("u-42")))
        let other = try signer.mint(user: "u-7", ttl: .seconds(600), now: now.addingTimeInterval(-10))
        #expect(try authenticator.authenticate("Bearer \(other)") == .success(.user("u-7")))
        // An earlier revocation does not move the moment back.
        try cache.revokeTokens(user: "u-42", issuedBefore: 0)
        #expect(try cache.tokensRevoked(user: "u-42") == Int64(now.timeIntervalSince1970) - 5)
    }

    @Test func unknownKeysAreNotRemembered() throws {
        let counting = CountingKeyStore()
        let cache = CachingKeyStore(counting, lifetime: .seconds(60))
        for _ in 0..<3 { #expect(try cache.key(hash: "00") == nil) }
        #expect(counting.lookups.withLock { $0 } == 3)
    }

    @Test func aKeyRevokedThroughTheCacheStopsAtOnce() throws {
        let cache = CachingKeyStore(InMemoryKeyStore(), lifetime: .seconds(60))
        let created = try KeyIssuer(store: cache).create(name: "", scopes: [.responsesWrite])
        let authenticator = Authenticator(keys: cache, tokens: try TokenSigner(secret: Array(repeating: 1, count: 32)))
        #expect(try authenticator.authenticate("Bearer \(created.secret)") == .success(.service(created.key)))
        #expect(try cache.revoke(id: created.key.id, at: "now"))
        #expect(try authenticator.authenticate("Bearer \(created.secret)") == .failure(.invalid(reason: "revoked key")))
    }

    @Test func aKeyRevokedElsewhereStopsOnceItsEntryExpires() throws {
        let shared = InMemoryKeyStore()
        let cache = CachingKeyStore(shared, lifetime: .milliseconds(50))
        let created = try KeyIssuer(store: cache).create(name: "", scopes: [.responsesWrite])
        let hash = try KeyIssuer.hash(created.secret)
        #expect(try cache.key(hash: hash)?.revokedAt == nil)
        #expect(try shared.revoke(id: created.key.id, at: "now"))
        #expect(try cache.key(hash: hash)?.revokedAt == nil)
        Thread.sleep(forTimeInterval: 0.1)
        #expect(try cache.key(hash: hash)?.revokedAt == "now")
    }

    @Test func aZeroLifetimeLooksUpEveryTime() throws {
        let counting = CountingKeyStore()
        let cache = CachingKeyStore(counting, lifetime: .zero)
        let created = try KeyIssuer(store: cache).create(name: "", scopes: [.responsesWrite])
        for _ in 0..<3 { _ = try cache.key(hash: try KeyIssuer.hash(created.secret)) }
        #expect(counting.lookups.withLock { $0 } == 3)
    }
}
