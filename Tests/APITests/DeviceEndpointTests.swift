import API
import ActionHubDomain
import Foundation
import HTTP
import JSON
import Testing

/// `POST /v1/devices`, `GET /v1/users/{userId}/devices`, `DELETE /v1/devices/{token}`.
@Suite struct DeviceEndpointTests {
    let base: ActionHubAPITests
    static let token = String(repeating: "ab", count: 32)

    init() throws {
        base = try ActionHubAPITests()
    }

    func send(_ method: String, _ path: String, _ body: String? = nil, as authorization: String? = nil)
        -> HTTPResponse
    {
        let header = authorization.map { ("Authorization", $0) } ?? base.adminHeader
        return base.api.respond(
            to: HTTPRequest(
                method: method, path: path,
                headers: [header] + (body == nil ? [] : [("Content-Type", "application/json")]),
                body: Array((body ?? "").utf8))
        ).wait()
    }

    static func body(token: String = token, user: String? = "u-1", environment: String = "production") -> String {
        let userField = user.map { #""userId": "\#($0)", "# } ?? ""
        return #"{\#(userField)"token": "\#(token)", "environment": "\#(environment)", "topic": "com.example.social"}"#
    }

    func userToken(_ user: String) throws -> String {
        "Bearer " + (try base.access.authenticator.tokens.mint(user: user, ttl: .seconds(600), now: Date()))
    }

    @Test func registeringIsCreatedThenUpdatedAndATokenMovesToItsNewUser() throws {
        let first = send("POST", "/v1/devices", Self.body(token: Self.token.uppercased()))
        #expect(first.status == 201)
        let device = try base.json(first)
        #expect(device["token"] == .string(Self.token), "kept in lower case, as APNs takes it")
        #expect(device["state"] == .string("active") && device["userId"] == .string("u-1"))
        #expect(send("POST", "/v1/devices", Self.body()).status == 200)
        #expect(try base.json(base.get("/v1/users/u-1/devices"))["items"]?.arrayValue?.count == 1, "listed once")

        #expect(send("POST", "/v1/devices", Self.body(user: "u-2")).status == 200)
        #expect(try base.json(base.get("/v1/users/u-1/devices"))["items"] == .array([]))
        let moved = try base.json(base.get("/v1/users/u-2/devices"))["items"]?.arrayValue?.first
        #expect(moved?["environment"] == .string("production") && moved?["topic"] == .string("com.example.social"))

        #expect(send("DELETE", "/v1/devices/\(Self.token)").status == 204)
        try base.expectProblem(send("DELETE", "/v1/devices/\(Self.token)"), status: 404)
        #expect(try base.json(base.get("/v1/users/u-2/devices"))["items"] == .array([]))
    }

    @Test(arguments: [
        (body(token: "abc"), "token"), (body(token: String(repeating: "a", count: 65)), "token"),
        (body(token: String(repeating: "zz", count: 32)), "token"),
        (body(token: String(repeating: "ab", count: 101)), "token"), (body(environment: "staging"), "environment"),
        (body(user: nil), "userId"),
        (#"{"userId": "u-1", "token": "\#(token)", "environment": "sandbox", "topic": "com example"}"#, "topic"),
        (#"{"userId": "u-1", "token": "\#(token)", "environment": "sandbox", "topic": "a", "x": 1}"#, "x"),
    ])
    func badInputIs422NamingTheField(_ body: String, _ field: String) throws {
        try base.expectProblem(send("POST", "/v1/devices", body), status: 422, field: field)
    }

    @Test func aUserTokenRegistersListsAndRemovesOnlyItsOwn() throws {
        let ann = try userToken("ann")
        #expect(send("POST", "/v1/devices", Self.body(user: nil), as: ann).status == 201)
        try base.expectProblem(
            send("POST", "/v1/devices", Self.body(user: "bob"), as: ann), status: 403, field: "userId")
        #expect(send("GET", "/v1/users/ann/devices", as: ann).status == 200)
        try base.expectProblem(send("GET", "/v1/users/bob/devices", as: ann), status: 403)
        let bobsToken = String(repeating: "cd", count: 32)
        #expect(send("POST", "/v1/devices", Self.body(token: bobsToken, user: "bob")).status == 201)
        try base.expectProblem(send("DELETE", "/v1/devices/\(bobsToken)", as: ann), status: 404)
        #expect(send("DELETE", "/v1/devices/\(Self.token)", as: ann).status == 204)
    }
}
