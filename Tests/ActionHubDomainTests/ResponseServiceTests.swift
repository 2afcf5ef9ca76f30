import ActionHubDomain
import ActionHubTesting
import Foundation
import JSON
import Testing

@Suite struct ResponseServiceTests {
    let store = InMemoryResponseStore()
    let service: ResponseService

    init() throws {
        service = ResponseService(
            routes: try RouteFixtures.shipped(), store: store, now: { Date(timeIntervalSince1970: 1_796_029_205) })
    }

    static func event(
        id: String = UUID().uuidString, action: String, userId: String = "u-1", postId: String = "p-1",
        text: String? = nil
    ) -> JSONValue {
        var object: JSONObject = [
            "id": .string(id), "actionIdentifier": .string(action), "userId": .string(userId),
            "notification": .object([
                "identifier": .string("push-1"), "categoryIdentifier": .string("social_post"),
                "date": .string("2026-11-30T09:00:00Z"), "userInfo": .object(["postId": .string(postId)]),
            ]),
        ]
        object["userText"] = text.map(JSONValue.string)
        return .object(object)
    }

    func created(_ body: JSONValue) throws -> JSONValue {
        let submission = try service.submit(body).wait().get()
        #expect(!submission.isReplay)
        return try JSONParser().parse(submission.body)
    }

    @Test func answersWithTheDocumentedShape() throws {
        let id = UUID().uuidString
        let answer = try created(Self.event(id: id, action: "reply", text: "Nice shot!"))
        #expect(
            answer.objectValue?.keys == [
                "id", "actionIdentifier", "category", "handler", "userId", "postId", "subject", "receivedAt",
                "result",
            ])
        #expect(answer["subject"] == .object(["key": .string("postId"), "id": .string("p-1")]))
        #expect(answer["id"] == .string(id))
        #expect(answer["handler"] == .string("reply"))
        #expect(answer["receivedAt"] == .string("2026-11-30T09:00:05.000Z"))
        #expect(answer["result"]?["text"] == .string("Nice shot!"))
        let replies = try service.replies(postId: "p-1", page: PageRequest())
        #expect(replies.page.items.map(\.replyId) == [answer["result"]?["replyId"]?.stringValue])
    }

    /// Answers are stored and given again as they were written: the exact text is part of the contract.
    @Test func theAnswerTextIsCompactInDocumentedOrder() throws {
        let like = try service.submit(Self.event(id: "8E3A3C1A-5B0F-4C2E-9B7D-2F1A6C0D9E11", action: "like")).wait()
            .get()
        #expect(
            like.body
                == #"{"id":"8E3A3C1A-5B0F-4C2E-9B7D-2F1A6C0D9E11","actionIdentifier":"like","category":"social_post","#
                + #""handler":"like","userId":"u-1","postId":"p-1","subject":{"key":"postId","id":"p-1"},"#
                + #""receivedAt":"2026-11-30T09:00:05.000Z","#
                + #""result":{"liked":true,"alreadyLiked":false,"likeCount":1}}"#)
    }

    @Test func aSecondLikeByTheSameUserIsAlreadyLiked() throws {
        let first = try created(Self.event(action: "like"))
        let second = try created(Self.event(action: "like"))
        let other = try created(Self.event(action: "like", userId: "u-2"))
        #expect(
            first["result"] == .object(["liked": .bool(true), "alreadyLiked": .bool(false), "likeCount": JSONValue(1)]))
        #expect(
            second["result"] == .object(["liked": .bool(true), "alreadyLiked": .bool(true), "likeCount": JSONValue(1)]))
        #expect(other["result"]?["likeCount"] == JSONValue(2))
    }

    @Test func aRetryReplaysTheStoredAnswerWithoutRunningTheHandlerAgain() throws {
        let body = Self.event(action: "reply", text: "once")
        let first = try service.submit(body).wait().get()
        #expect(!first.isReplay)
        #expect(
            try service.submit(body).wait().get()
                == ResponseService.Submission(id: first.id, body: first.body, isReplay: true, route: first.route))
        #expect(first.route == RouteKey(category: "social_post", action: "reply", handler: "reply"))
        #expect(try service.replies(postId: "p-1", page: PageRequest()).replyCount == 1)
    }

    @Test func theSameIdWithOtherContentConflictsAndChangesNothing() throws {
        let id = UUID().uuidString
        let first = try service.submit(Self.event(id: id, action: "like")).wait().get().body
        #expect(
            throws: ResponseConflict(id: id, route: RouteKey(category: "social_post", action: "like", handler: "like"))
        ) {
            try service.submit(Self.event(id: id, action: "like", userId: "u-2")).wait().get()
        }
        #expect(try service.response(id: id.lowercased()) == first)
        #expect(try service.likes(postId: "p-1", page: PageRequest()).likeCount == 1)
    }

    @Test func anInvalidRequestStoresNothing() throws {
        let id = UUID().uuidString
        #expect(throws: ValidationFailure.self) { try service.submit(Self.event(id: id, action: "reply")).wait().get() }
        #expect(try service.response(id: id) == nil)
        #expect(try service.responses(userId: "u-1", filter: ResponseFilter(), page: PageRequest()).items.isEmpty)
    }

    @Test func openScreenFillsTheDeepLinkAndDismissAcknowledges() throws {
        let open = try created(Self.event(action: ActionRoute.defaultActionIdentifier, postId: "a b/ü"))
        #expect(
            open["result"]
                == .object(["screen": .string("post"), "deepLink": .string("socialapp://posts/a%20b%2F%C3%BC")]))
        let dismiss = try created(Self.event(action: ActionRoute.dismissActionIdentifier))
        #expect(dismiss["result"] == .object(["dismissed": .bool(true)]))
    }
}
