import API
import ActionHubDomain
import ActionHubTesting
import Auth
import Foundation
import HTTP
import JSON
import Testing

/// `DELETE /v1/users/{userId}`: admin only, a receipt, idempotent, and 410 for an erased event's retry.
@Suite struct ErasureEndpointTests {
    let base: ActionHubAPITests

    init() throws {
        base = try ActionHubAPITests()
    }

    func erase(_ user: String, authorization: String? = nil) -> HTTPResponse {
        let header = authorization.map { ("Authorization", $0) } ?? base.adminHeader
        return base.api.respond(to: HTTPRequest(method: "DELETE", path: "/v1/users/\(user)", headers: [header]))
            .wait()
    }

    @Test func theReceiptCountsWhatWentAndASecondErasureFindsNothing() throws {
        let erasedLike = UUID().uuidString
        #expect(base.post(ActionHubAPITests.like(id: erasedLike, user: "u-gone")).status == 201)
        #expect(base.post(ActionHubAPITests.like(user: "u-kept")).status == 201)
        let first = erase("u-gone")
        #expect(first.status == 200)
        let receipt = try base.json(first)
        #expect(receipt["userId"] == .string("u-gone"))
        #expect(receipt["erasedAt"]?.stringValue?.hasSuffix("Z") == true)
        #expect(receipt["counts"]?["events"] == JSONValue(1))
        #expect(receipt["counts"]?["likes"] == JSONValue(1))
        #expect(receipt["counts"]?["replies"] == JSONValue(0))
        let likes = try base.json(base.get("/v1/posts/p-1/likes"))
        #expect(likes["likeCount"] == JSONValue(1), "the erased user's like is gone, the other one stays")
        let again = try base.json(erase("u-gone"))
        #expect(again["counts"]?["events"] == JSONValue(0))
        #expect(again["counts"]?["likes"] == JSONValue(0))
        let unknown = erase("u-never-seen")
        #expect(unknown.status == 200, "an unknown user reveals nothing: the same answer, zero counts")
        #expect(try base.json(unknown)["counts"]?["events"] == JSONValue(0))
    }

    @Test func aRetryOfAnErasedEventIsGoneAndNotStoredAgain() throws {
        let id = UUID().uuidString
        #expect(base.post(ActionHubAPITests.like(id: id, user: "u-gone")).status == 201)
        #expect(erase("u-gone").status == 200)
        let retry = base.post(ActionHubAPITests.like(id: id, user: "u-gone"))
        try base.expectProblem(retry, status: 410, field: "id")
        #expect(base.get("/v1/responses/\(id)").status == 404)
        #expect(base.post(ActionHubAPITests.like(user: "u-gone")).status == 201, "a new event of the user is stored")
    }

    @Test func onlyAnAdminKeyErases() throws {
        let token = try base.access.authenticator.tokens.mint(user: "u-gone", ttl: .seconds(600), now: Date())
        try base.expectProblem(erase("u-gone", authorization: "Bearer \(token)"), status: 403)
        try base.expectProblem(erase("u-gone", authorization: "Bearer not-a-key"), status: 401)
        let tooLong = String(repeating: "x", count: 257)
        try base.expectProblem(erase(tooLong), status: 422, field: "userId")
    }
}
