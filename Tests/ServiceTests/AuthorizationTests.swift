import Auth
import Foundation
import HTTPClient
import JSON
import TestSupport
import Testing

@Suite("Who may do what, over HTTP, in-process")
struct AuthorizationTests {
    static let secret = "test-signing-secret-0123456789-abcdef"
    static let signer = try! TokenSigner(secret: Array(secret.utf8))

    /// A server with a known signing secret, keys of each kind, and one stored response of user
    /// `alice`.
    struct World {
        let server: LiveServer
        let writeKey: String
        let readKey: String
        let metricsKey: String
        let revokedKey: String
        let aliceResponse: String

        init(rateLimit: Int = 100, rateBurst: Int = 200) throws {
            server = try LiveServer(
                signingSecret: AuthorizationTests.secret, rateLimit: rateLimit, rateBurst: rateBurst)
            writeKey = try server.makeKey([.responsesWrite], name: "responses:write")
            readKey = try server.makeKey([.historyRead], name: "history:read")
            metricsKey = try server.makeKey([.metricsRead], name: "metrics:read")
            revokedKey = try server.makeKey([.admin], name: "admin")
            try server.revoke(revokedKey)
            aliceResponse = UUID().uuidString
            let created = try server.client.send(
                method: "POST", path: "/v1/responses", headers: [("Content-Type", "application/json")],
                body: RequestBodies.response(id: aliceResponse, user: "alice"))
            #expect(created.status == 201)
        }
    }

    struct Call {
        var name: String
        var method: String
        var path: String
        var body: [UInt8]? = nil
    }

    static func calls(_ world: World) -> [Call] {
        [
            Call(name: "submit", method: "POST", path: "/v1/responses", body: RequestBodies.response(user: "alice")),
            Call(name: "response", method: "GET", path: "/v1/responses/\(world.aliceResponse)"),
            Call(name: "likes", method: "GET", path: "/v1/posts/p-1/likes"),
            Call(name: "replies", method: "GET", path: "/v1/posts/p-1/replies"),
            Call(name: "history", method: "GET", path: "/v1/users/alice/responses"),
            Call(name: "categories", method: "GET", path: "/v1/categories"),
            Call(name: "tokens", method: "POST", path: "/v1/tokens", body: Array(#"{"userId": "alice"}"#.utf8)),
            Call(name: "metrics", method: "GET", path: "/metrics"),
            Call(name: "webhooks", method: "GET", path: "/v1/webhooks"),
            Call(
                name: "revoke tokens", method: "POST", path: "/v1/tokens/revoke",
                body: Array(#"{"userId": "carol"}"#.utf8)),
        ]
    }

    static func send(_ call: Call, authorization: String?, to world: World) throws -> HTTPClientResponse {
        var headers: [(name: String, value: String)] = []
        if let authorization { headers.append(("Authorization", authorization)) }
        if call.body != nil { headers.append(("Content-Type", "application/json")) }
        return try world.server.anonymousClient.send(
            method: call.method, path: call.path, headers: headers, body: call.body ?? [])
    }

    @Test func everyEndpointAgainstEveryKindOfCredential() throws {
        let world = try World()
        let now = Date()
        let aliceToken = try Self.signer.mint(user: "alice", ttl: .seconds(600))
        let bobToken = try Self.signer.mint(user: "bob", ttl: .seconds(600))
        let expired = try Self.signer.mint(user: "alice", ttl: .seconds(60), now: now.addingTimeInterval(-120))
        let badSignature = String(aliceToken.dropLast(2)) + (aliceToken.hasSuffix("AA") ? "BB" : "AA")
        let foreign = try TokenSigner(secret: Array(repeating: 3, count: 32)).mint(user: "alice", ttl: .seconds(600))

        let unauthenticated: [(String, String?)] = [
            ("no credentials", nil), ("malformed header", "Basic YWxpY2U6cGFzcw=="),
            ("empty bearer", "Bearer "),
            ("unknown key", "Bearer ahk_0123456789ab_" + String(repeating: "x", count: 43)),
            ("revoked key", "Bearer \(world.revokedKey)"), ("expired token", "Bearer \(expired)"),
            ("bad signature", "Bearer \(badSignature)"), ("token of another secret", "Bearer \(foreign)"),
        ]
        var unauthorizedBodies = Set<String>()
        for call in Self.calls(world) {
            for (case_, authorization) in unauthenticated {
                let response = try Self.send(call, authorization: authorization, to: world)
                #expect(response.status == 401, "\(call.name) with \(case_)")
                #expect(response.header("WWW-Authenticate")?.hasPrefix("Bearer") == true, "\(call.name) with \(case_)")
                #expect(response.header("Content-Type") == "application/problem+json")
                unauthorizedBodies.insert(response.text)
            }
        }
        // One body for every refused credential: nothing tells an unknown key from a revoked one.
        #expect(unauthorizedBodies.count == 1)

        // Valid credentials: the status for each endpoint, in the order of `calls`.
        let expectations: [(String, String, [Int])] = [
            ("another user's token", "Bearer \(bobToken)", [403, 404, 200, 200, 403, 200, 403, 403, 403, 403]),
            ("the user's own token", "Bearer \(aliceToken)", [201, 200, 200, 200, 200, 200, 403, 403, 403, 403]),
            ("responses:write key", "Bearer \(world.writeKey)", [201, 403, 403, 403, 403, 200, 403, 403, 403, 403]),
            ("history:read key", "Bearer \(world.readKey)", [403, 200, 200, 200, 200, 200, 403, 403, 403, 403]),
            // Prometheus needs no key that can mint tokens.
            ("metrics:read key", "Bearer \(world.metricsKey)", [403, 403, 403, 403, 403, 200, 403, 200, 403, 403]),
            ("admin key", "Bearer \(world.server.adminKey)", [201, 200, 200, 200, 200, 200, 201, 200, 200, 200]),
        ]
        for (case_, authorization, statuses) in expectations {
            for (call, status) in zip(Self.calls(world), statuses) {
                let response = try Self.send(call, authorization: authorization, to: world)
                #expect(response.status == status, "\(call.name) with \(case_): \(response.text.prefix(200))")
                if case_ == "another user's token" && !["likes", "replies", "categories"].contains(call.name) {
                    // Post lists are public to app users; anything else of alice's must not show.
                    #expect(!response.text.contains(#""userId":"alice""#), "\(call.name) leaked alice's history")
                }
            }
        }
        #expect(try world.server.anonymousClient.send(method: "GET", path: "/healthz").status == 200)
    }

    /// JSON Schema counts 3626.0 as an integer, and so does the API (schemathesis found it refused).
    @Test func aTokenLifetimeIsAnyIntegralNumberInRange() throws {
        let world = try World()
        for (ttl, status) in [("3626.0", 201), ("3.6e3", 201), ("3626", 201), ("3626.5", 422), ("59.0", 422)] {
            let response = try world.server.client.send(
                method: "POST", path: "/v1/tokens", headers: [("Content-Type", "application/json")],
                body: Array(#"{"userId": "alice", "ttlSeconds": \#(ttl)}"#.utf8))
            #expect(response.status == status, "ttlSeconds \(ttl): \(response.text)")
        }
    }

    /// A revoked user's tokens so far are refused at once by this instance; a token minted
    /// afterwards, and other users' tokens, work.
    @Test func revokingAUsersTokensRefusesTheOnesIssuedSoFar() throws {
        let world = try World()
        let issued = try Self.signer.mint(user: "dave", ttl: .seconds(600), now: Date().addingTimeInterval(-5))
        let others = try Self.signer.mint(user: "erin", ttl: .seconds(600), now: Date().addingTimeInterval(-5))
        let read = { (token: String) in
            try world.server.anonymousClient.send(
                method: "GET", path: "/v1/users/dave/responses", headers: [("Authorization", "Bearer \(token)")]
            ).status
        }
        #expect(try read(issued) == 200)
        let revoked = try world.server.client.send(
            method: "POST", path: "/v1/tokens/revoke", headers: [("Content-Type", "application/json")],
            body: Array(#"{"userId": "dave"}"#.utf8))
        #expect(revoked.status == 200)
        #expect(try JSONParser().parse(revoked.body)["userId"] == .string("dave"))
        #expect(try read(issued) == 401)
        let minted = try world.server.client.send(
            method: "POST", path: "/v1/tokens", headers: [("Content-Type", "application/json")],
            body: Array(#"{"userId": "dave"}"#.utf8))
        let fresh = try #require(try JSONParser().parse(minted.body)["token"]?.stringValue)
        // Tokens carry whole seconds: one minted in the revoking second is refused too.
        Thread.sleep(forTimeInterval: 1.1)
        let later = try world.server.client.send(
            method: "POST", path: "/v1/tokens", headers: [("Content-Type", "application/json")],
            body: Array(#"{"userId": "dave"}"#.utf8))
        let laterToken = try #require(try JSONParser().parse(later.body)["token"]?.stringValue)
        #expect(try read(laterToken) == 200)
        #expect(try [200, 401].contains(read(fresh)))
        #expect(
            try world.server.anonymousClient.send(
                method: "GET", path: "/v1/users/erin/responses", headers: [("Authorization", "Bearer \(others)")]
            ).status == 200)
        let invalid = try world.server.client.send(
            method: "POST", path: "/v1/tokens/revoke", headers: [("Content-Type", "application/json")],
            body: Array(#"{"user": "dave"}"#.utf8))
        #expect(invalid.status == 422)
    }

    @Test func aUserTokenSpeaksForItsUserOnly() throws {
        let world = try World()
        let token = "Bearer \(try Self.signer.mint(user: "carol", ttl: .seconds(600)))"
        let submit = Call(name: "", method: "POST", path: "/v1/responses", body: RequestBodies.response(user: nil))
        let created = try Self.send(submit, authorization: token, to: world)
        #expect(created.status == 201)
        #expect(try JSONParser().parse(created.body)["userId"] == .string("carol"))
        let impersonating = Call(
            name: "", method: "POST", path: "/v1/responses", body: RequestBodies.response(user: "alice"))
        let refused = try Self.send(impersonating, authorization: token, to: world)
        #expect(refused.status == 403)
        #expect(try JSONParser().parse(refused.body)["errors"]?.arrayValue?.first?["field"] == .string("userId"))

        let history = try Self.send(
            Call(name: "", method: "GET", path: "/v1/users/carol/responses"), authorization: token, to: world)
        let items = try JSONParser().parse(history.body)["items"]?.arrayValue ?? []
        #expect(items.count == 1)
        #expect(items.allSatisfy { $0["userId"] == .string("carol") })
    }

    /// `--rate-limit` is each user's; a service key gets the high key default (a backend forwards
    /// for all its users) unless it was made with a limit of its own.
    @Test func rateLimitsAnswer429WithRetryAfterPerCaller() throws {
        let world = try World(rateLimit: 1, rateBurst: 3)
        let call = Call(name: "", method: "GET", path: "/v1/categories")
        let token = try Self.signer.mint(user: "limited", ttl: .seconds(60))
        let asUser = try (0..<4).map { _ in try Self.send(call, authorization: "Bearer \(token)", to: world) }
        #expect(asUser.prefix(3).allSatisfy { $0.status == 200 })
        #expect(asUser[3].status == 429)
        #expect(asUser[3].header("Retry-After") == "1")

        let byDefault = try (0..<20).map { _ in try Self.send(call, authorization: "Bearer \(world.readKey)", to: world)
        }
        #expect(byDefault.allSatisfy { $0.status == 200 })

        let ownLimit = try world.server.makeKey([.historyRead], name: "slow", rateLimit: 1)
        let limited = try (0..<3).map { _ in try Self.send(call, authorization: "Bearer \(ownLimit)", to: world) }
        #expect(limited.prefix(2).allSatisfy { $0.status == 200 })
        #expect(limited[2].status == 429)
        #expect(try Self.send(call, authorization: "Bearer \(world.writeKey)", to: world).status == 200)
    }
}
