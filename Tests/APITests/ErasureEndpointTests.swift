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

/// `GET /v1/users/{userId}/export`: everything about one user, streamed a page at a time.
@Suite struct ExportEndpointTests {
    let base: ActionHubAPITests

    init() throws {
        base = try ActionHubAPITests()
    }

    /// The whole body and how many pieces the stream gave it in.
    func export(_ user: String) throws -> (document: JSONValue, pieces: Int, status: Int) {
        let response = base.api.respond(
            to: HTTPRequest(method: "GET", path: "/v1/users/\(user)/export", headers: [base.adminHeader])
        ).wait()
        guard let stream = response.stream else { return (try JSONParser().parse(response.body), 1, response.status) }
        var (bytes, pieces) = ([UInt8](), 0)
        while let piece = try stream.next() {
            bytes += piece
            pieces += 1
        }
        return (try JSONParser().parse(bytes), pieces, response.status)
    }

    static func reply(user: String, text: String) -> [UInt8] {
        Array(
            """
            {"id": "\(UUID().uuidString)", "actionIdentifier": "reply", "userId": "\(user)", "userText": "\(text)",
             "notification": {"identifier": "push-1", "categoryIdentifier": "social_post",
               "date": "2026-11-30T09:00:00Z", "userInfo": {"postId": "p-9"}}}
            """.utf8)
    }

    @Test func theDocumentHoldsTheUsersRowsOnlyInPagesOfTheStream() throws {
        for index in 0..<450 { #expect(base.post(Self.reply(user: "u-many", text: "reply \(index)")).status == 201) }
        #expect(base.post(ActionHubAPITests.like(user: "u-many")).status == 201)
        #expect(base.post(Self.reply(user: "u-other", text: "not theirs")).status == 201)
        let (document, pieces, status) = try export("u-many")
        #expect(status == 200)
        #expect(document["userId"] == .string("u-many"))
        #expect(document["events"]?.arrayValue?.count == 451)
        #expect(document["likes"]?.arrayValue?.map { $0["postId"] } == [.string("p-1")])
        let texts = document["replies"]?.arrayValue?.compactMap { $0["text"]?.stringValue } ?? []
        #expect(texts == (0..<450).map { "reply \($0)" }, "oldest first, none of another user's")
        let event = try #require(document["events"]?.arrayValue?.first)
        #expect(event["answer"]?["userId"] == .string("u-many"), "the stored answer, as JSON")
        #expect(event["notification"]?["userInfo"]?["postId"] == .string("p-9"))
        for kind in ["memberships", "choices", "listEntries"] { #expect(document[kind] == .array([])) }
        #expect(pieces >= 6, "a page of at most 200 rows at a time, not the whole document at once")
    }

    @Test func aUserWithNothingStoredGetsEmptyListsAndOnlyAdminsExport() throws {
        let (document, _, status) = try export("u-nobody")
        #expect(status == 200)
        for kind in PersonalDataKind.allCases { #expect(document[kind.rawValue] == .array([])) }
        let token = try base.access.authenticator.tokens.mint(user: "u-nobody", ttl: .seconds(600), now: Date())
        let refused = base.api.respond(
            to: HTTPRequest(
                method: "GET", path: "/v1/users/u-nobody/export", headers: [("Authorization", "Bearer \(token)")])
        ).wait()
        try base.expectProblem(refused, status: 403)
    }
}
