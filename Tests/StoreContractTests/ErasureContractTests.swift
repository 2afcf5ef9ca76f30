import ActionHubDomain
import Foundation
import JSON
import TestSupport
import Testing

/// Erasing a user on every store: the user's rows and the listings' counts go, other users' stay,
/// the stats keep their counts, and the erased events are refused when retried.
@Suite struct ErasureContractTests {
    typealias Kind = ResponseStoreContractTests.Kind

    static func post(_ action: String, user: String, post: String, text: String? = nil) -> JSONValue {
        var event: JSONObject = [
            "id": .string(UUID().uuidString), "actionIdentifier": .string(action), "userId": .string(user),
            "notification": .object([
                "identifier": .string("push-1"), "categoryIdentifier": .string("social_post"),
                "date": .string("2026-12-01T09:00:00Z"), "userInfo": .object(["postId": .string(post)]),
            ]),
        ]
        if let text { event["userText"] = .string(text) }
        return .object(event)
    }

    static func meeting(_ action: String, user: String, meeting: String, text: String? = nil) -> JSONValue {
        SubjectContractTests.body(SubjectContractTests.Step(user: user, action: action, text: text), meeting: meeting)
    }

    @Test(arguments: Kind.allCases)
    func theUsersRowsGoOtherUsersStayAndTheStatsKeepTheirCounts(_ kind: Kind) throws {
        let store = try kind.make()
        let service = ResponseService(routes: try SubjectContractTests.routes.get(), store: store)
        let (postId, meetingId) = ("p-\(UUID().uuidString.prefix(8))", "m-\(UUID().uuidString.prefix(8))")
        var annIds: [String] = []
        for user in ["ann", "bob"] {
            for body in [
                Self.post("like", user: user, post: postId),
                Self.post("reply", user: user, post: postId, text: "\(user) says hi"),
                Self.meeting("accept", user: user, meeting: meetingId),
                Self.meeting("bookmark", user: user, meeting: meetingId),
                Self.meeting("feedback", user: user, meeting: meetingId, text: "\(user)'s note"),
            ] {
                let submission = try service.submit(body).wait().get()
                if user == "ann" { annIds.append(submission.id) }
            }
        }
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let query = try #require(
            StatsQuery(category: "social_post", bucket: .day, from: now - 86_400_000, to: now + 86_400_000))
        let statsBefore = try store.stats(query).totals
        let topBefore = try store.topPosts(category: "social_post", by: .likes, limit: 10)

        let counts = try store.erase(userId: "ann")
        #expect(
            counts
                == ErasedCounts(events: 5, likes: 1, replies: 1, memberships: 1, choices: 1, listEntries: 1))

        #expect(try store.likes(postId: postId, page: .init()).page.items.map(\.userId) == ["bob"])
        #expect(try store.likes(postId: postId, page: .init()).likeCount == 1)
        let replies = try store.replies(postId: postId, page: .init())
        #expect(replies.replyCount == 1 && replies.page.items.map(\.text) == ["bob says hi"])
        let summary = try service.subject(category: "meeting_invite", id: meetingId, user: "bob")
        #expect(summary.sets.first?.count == 1)
        #expect(summary.choices.first?.counts.first { $0.value == "yes" }?.count == 1)
        #expect(summary.lists.first?.count == 1)
        let entries = try service.entries(category: "meeting_invite", id: meetingId, list: "feedback", page: .init())
        #expect(entries.page.items.map(\.text) == ["bob's note"])
        for id in annIds {
            #expect(try store.response(id: id) == nil)
            #expect(try store.wasErased(id: id))
        }
        #expect(try store.stats(query).totals == statsBefore, "the stats keep the erased events' counts")
        #expect(try store.topPosts(category: "social_post", by: .likes, limit: 10) == topBefore)

        #expect(try store.erase(userId: "ann") == ErasedCounts(), "a second erasure finds nothing")
        #expect(try store.erase(userId: "nobody") == ErasedCounts())
    }

    @Test(arguments: Kind.allCases)
    func aRetryOfAnErasedEventIsRefusedAndNotStoredAgain(_ kind: Kind) throws {
        let store = try kind.make()
        let service = ResponseService(routes: try SubjectContractTests.routes.get(), store: store)
        let reply = Self.post("reply", user: "ann", post: "p-1", text: "erase me")
        let first = try service.submit(reply).wait().get()
        #expect(try !store.wasErased(id: first.id))
        _ = try store.erase(userId: "ann")
        #expect(throws: ResponseErased.self) { try service.submit(reply).wait().get() }
        #expect(try store.response(id: first.id) == nil)
        #expect(try store.replies(postId: "p-1", page: .init()).replyCount == 0)
        let later = try service.submit(Self.post("like", user: "ann", post: "p-1")).wait().get()
        #expect(!later.isReplay, "the user's new events are stored as any other")
    }

    @Test(arguments: Kind.allCases)
    func personalDataPagesTheUsersRowsOfEachKindAsJSON(_ kind: Kind) throws {
        let store = try kind.make()
        let service = ResponseService(routes: try SubjectContractTests.routes.get(), store: store)
        let meetingId = "m-\(UUID().uuidString.prefix(8))"
        for user in ["ann", "bob"] {
            for body in [
                Self.post("like", user: user, post: "p-1"),
                Self.post("reply", user: user, post: "p-1", text: "\(user) says \"hi\""),
                Self.meeting("accept", user: user, meeting: meetingId),
                Self.meeting("bookmark", user: user, meeting: meetingId),
                Self.meeting("feedback", user: user, meeting: meetingId, text: "\(user)'s note"),
            ] {
                _ = try service.submit(body).wait().get()
            }
        }
        var rows: [PersonalDataKind: [JSONValue]] = [:]
        for dataKind in PersonalDataKind.allCases {
            var after: Int64 = 0
            while true {
                let page = try store.personalData(userId: "ann", kind: dataKind, after: after, limit: 2)
                rows[dataKind, default: []] += try page.map { try JSONParser().parse($0.json) }
                #expect(page.map(\.position) == page.map(\.position).sorted())
                guard page.count == 2, let last = page.last?.position else { break }
                after = last
            }
        }
        #expect(rows[.events]?.count == 5)
        #expect(rows[.events]?.allSatisfy { $0["answer"]?["userId"] == .string("ann") } == true)
        #expect(rows[.events]?.first?["notification"]?["userInfo"]?["postId"] == .string("p-1"))
        #expect(rows[.likes]?.map { $0["postId"] } == [.string("p-1")])
        #expect(rows[.replies]?.map { $0["text"] } == [.string("ann says \"hi\"")])
        #expect(rows[.memberships]?.map { $0["set"] } == [.string("bookmarks")])
        #expect(rows[.choices]?.map { $0["value"] } == [.string("yes")])
        #expect(rows[.listEntries]?.map { $0["text"] } == [.string("ann's note")])
    }
}
