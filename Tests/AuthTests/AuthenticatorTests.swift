import ActionHubTesting
import Crypto
import Foundation
import Testing

@testable import Auth

@Suite struct AuthenticatorTests {
    let keys = InMemoryKeyStore()
    let signer = try! TokenSigner(secret: Array(repeating: 9, count: 32))

    var authenticator: Authenticator { Authenticator(keys: keys, tokens: signer) }

    @Test func keysAreRandomPrefixedAndStoredOnlyAsAHash() throws {
        let first = try KeyIssuer(store: keys).create(name: "ci", scopes: [.historyRead])
        let second = try KeyIssuer(store: keys).create(name: "ci", scopes: [.historyRead])
        #expect(first.secret.hasPrefix("ahk_\(first.key.id)_"))
        #expect(first.secret.utf8.count == 4 + 12 + 1 + 43)
        #expect(first.secret != second.secret)
        #expect(try keys.key(hash: try KeyIssuer.hash(first.secret)) == first.key)
        #expect(try KeyIssuer.hash(first.secret).count == 64)
    }

    @Test func resolvesKeysAndTokensAndRefusesTheRest() throws {
        let created = try KeyIssuer(store: keys).create(name: "", scopes: [.responsesWrite])
        #expect(try authenticator.authenticate("Bearer \(created.secret)") == .success(.service(created.key)))
        #expect(try authenticator.authenticate("bearer \(created.secret)") == .success(.service(created.key)))
        let token = try signer.mint(user: "u-1", ttl: .seconds(60))
        #expect(try authenticator.authenticate("Bearer \(token)") == .success(.user("u-1")))

        #expect(try authenticator.authenticate(nil) == .failure(.missing))
        #expect(try authenticator.authenticate("Basic dXNlcjpwYXNz") == .failure(.malformed))
        #expect(try authenticator.authenticate("Bearer") == .failure(.malformed))
        #expect(
            try authenticator.authenticate("Bearer ahk_000000000000_nope") == .failure(.invalid(reason: "unknown key")))
        _ = try keys.revoke(id: created.key.id, at: "now")
        #expect(try authenticator.authenticate("Bearer \(created.secret)") == .failure(.invalid(reason: "revoked key")))
    }

    /// The scheme in any letter case and spaces around or between the two parts are accepted;
    /// anything else is malformed.
    @Test(arguments: [
        ("BEARER ", true), ("bEaReR ", true), ("  Bearer   ", true), ("Bearer\t", false), ("Bearerx ", false),
        ("Beare ", false), ("Bearér ", false), ("Bearer x ", false), ("Token ", false),
    ])
    func parsesTheScheme(_ prefix: String, _ accepted: Bool) throws {
        let created = try KeyIssuer(store: keys).create(name: "", scopes: [.responsesWrite])
        let result = try authenticator.authenticate(prefix + created.secret + "  ")
        #expect(result == (accepted ? .success(.service(created.key)) : .failure(.malformed)))
    }

    @Test func scopesAndAdmin() {
        let writer = APIKey(id: "a", name: "", scopes: [.responsesWrite], createdAt: "t")
        let admin = APIKey(id: "b", name: "", scopes: [.admin], createdAt: "t")
        #expect(writer.allows(.responsesWrite) && !writer.allows(.historyRead))
        #expect(Scope.allCases.allSatisfy(admin.allows))
        #expect(!Principal.user("u").allows(.historyRead))
    }

    @Test func constantTimeComparison() {
        #expect(Digest.constantTimeEqual([1, 2, 3], [1, 2, 3]))
        #expect(!Digest.constantTimeEqual([1, 2, 3], [1, 2, 4]))
        #expect(!Digest.constantTimeEqual([1, 2, 3], [1, 2]))
    }

    @Test func sha256MatchesFIPS180Examples() throws {
        func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
        #expect(
            try hex(Digest.sha256(Array("abc".utf8)))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(try hex(Digest.sha256([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func hmacMatchesRFC4231TestCase2() throws {
        let mac = try Digest.hmacSHA256(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8))
        #expect(
            mac.map { String(format: "%02x", $0) }.joined()
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }
}

@Suite struct RateLimiterTests {
    @Test func aBurstPassesThenCallersWaitEachOnTheirOwnBucket() {
        let limiter = RateLimiter(rate: 1, burst: 3)
        #expect((0..<3).allSatisfy { _ in limiter.delay(for: "key:a") == nil })
        #expect(limiter.delay(for: "key:a") == 1)
        #expect(limiter.delay(for: "key:b") == nil)
    }
}
