import ActionHubTesting
import Testing

@testable import Auth

@Suite struct KeyHashMemoTests {
    @Test func remembersAHashForItsLifetimeOnly() {
        let memo = KeyHashMemo(lifetime: .seconds(60))
        #expect(memo.hash(of: "ahk_a") == nil)
        memo.remember("hash-a", of: "ahk_a")
        #expect(memo.hash(of: "ahk_a") == "hash-a")

        let expired = KeyHashMemo(lifetime: .zero)
        expired.remember("hash-a", of: "ahk_a")
        #expect(expired.hash(of: "ahk_a") == nil)
    }

    @Test func holdsAtMostItsCapacity() {
        let memo = KeyHashMemo(capacity: 2)
        memo.remember("1", of: "ahk_1")
        memo.remember("2", of: "ahk_2")
        memo.remember("3", of: "ahk_3")
        #expect([memo.hash(of: "ahk_1"), memo.hash(of: "ahk_2"), memo.hash(of: "ahk_3")].compactMap { $0 } == ["3"])
    }

    /// The memo skips hashing only: a key revoked after it was remembered is refused on its next
    /// use, and an unknown key is never remembered.
    @Test func aRememberedKeyStillAnswersToTheStore() throws {
        let store = InMemoryKeyStore()
        let authenticator = Authenticator(keys: store, tokens: try TokenSigner(secret: Array(repeating: 3, count: 32)))
        let created = try KeyIssuer(store: store).create(name: "", scopes: [.historyRead])
        for _ in 0..<2 {
            #expect(try authenticator.authenticate("Bearer \(created.secret)") == .success(.service(created.key)))
        }
        #expect(try store.revoke(id: created.key.id, at: "2026-12-02T00:00:00Z"))
        #expect(try authenticator.authenticate("Bearer \(created.secret)") == .failure(.invalid(reason: "revoked key")))
        #expect(
            try authenticator.authenticate("Bearer ahk_unknown") == .failure(.invalid(reason: "unknown key")))
    }
}
