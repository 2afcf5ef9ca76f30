import ActionHubDomain
import ActionHubTesting
import Foundation
import PostgreSQLStore
import SQLiteStore
import TestSupport
import Testing

/// The behaviour every `ResponseStore` must share, run against each implementation.
@Suite struct ResponseStoreContractTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case inMemory, sqlite, postgreSQL
        var testDescription: String { rawValue }

        func make() throws -> any ResponseStore {
            switch self {
            case .inMemory: InMemoryResponseStore()
            case .sqlite: try SQLiteResponseStore(path: TemporaryDatabase.path(), options: .init(readerCount: 2))
            case .postgreSQL:
                try PostgreSQLResponseStore(
                    url: PostgreSQLCluster.shared().makeDatabase(), options: .init(writerCount: 2, readerCount: 2))
            }
        }
    }

    struct Failure: Error {}

    static func key(
        _ id: String = UUID().uuidString, user: String = "u-1", action: String = "like", fingerprint: String = "f"
    )
        -> NewResponse
    {
        NewResponse(id: id, userId: user, category: "social_post", action: action, fingerprint: fingerprint)
    }

    static func like(
        _ store: any ResponseStore, post: String = "p-1", user: String = "u-1", id: String = UUID().uuidString
    )
        throws -> RecordResult
    {
        try store.record(key(id, user: user)) { effects in
            let change = try effects.addLike(Like(postId: post, userId: user, responseId: id, likedAt: "t"))
            return "{\"added\":\(change.added),\"count\":\(change.likeCount)}"
        }.wait().get()
    }

    @Test(arguments: Kind.allCases)
    func recordsOnceThenReplaysThenConflicts(_ kind: Kind) throws {
        let store = try kind.make()
        let id = UUID().uuidString
        #expect(try store.record(Self.key(id)) { _ in "first" }.wait().get() == .created(body: "first"))
        #expect(try store.record(Self.key(id)) { _ in "second" }.wait().get() == .replayed(body: "first"))
        #expect(try store.record(Self.key(id, fingerprint: "other")) { _ in "third" }.wait().get() == .conflict)
        #expect(try store.response(id: id) == "first")
        #expect(try store.response(id: UUID().uuidString) == nil)
    }

    @Test(arguments: Kind.allCases)
    func likesAreUniquePerPostAndUser(_ kind: Kind) throws {
        let store = try kind.make()
        #expect(try Self.like(store) == .created(body: #"{"added":true,"count":1}"#))
        #expect(try Self.like(store) == .created(body: #"{"added":false,"count":1}"#))
        #expect(try Self.like(store, user: "u-2") == .created(body: #"{"added":true,"count":2}"#))
        #expect(try Self.like(store, post: "p-2") == .created(body: #"{"added":true,"count":1}"#))
        #expect(try store.likes(postId: "p-1", page: PageRequest()).likeCount == 2)
    }

    @Test(arguments: Kind.allCases)
    func aFailingHandlerStoresNothing(_ kind: Kind) throws {
        let store = try kind.make()
        let id = UUID().uuidString
        #expect(throws: Failure.self) {
            try store.record(Self.key(id)) { effects in
                _ = try effects.addLike(Like(postId: "p-1", userId: "u-1", responseId: id, likedAt: "t"))
                throw Failure()
            }.wait().get()
        }
        #expect(try store.response(id: id) == nil)
        #expect(try store.likes(postId: "p-1", page: PageRequest()).likeCount == 0)
        #expect(try Self.like(store, id: id) == .created(body: #"{"added":true,"count":1}"#))
    }

    @Test(arguments: Kind.allCases)
    func pagesWalkNewestFirstToTheLastPage(_ kind: Kind) throws {
        let store = try kind.make()
        for user in 1...5 { _ = try Self.like(store, user: "u-\(user)") }
        var users: [String] = []
        var page = PageRequest(limit: 2)
        var pages = 0
        repeat {
            let likes = try store.likes(postId: "p-1", page: page)
            #expect(likes.likeCount == 5)
            users += likes.page.items.map(\.userId)
            page.cursor = likes.page.next
            pages += 1
        } while page.cursor != nil
        #expect(users == ["u-5", "u-4", "u-3", "u-2", "u-1"])
        #expect(pages == 3)
    }

    @Test(arguments: Kind.allCases)
    func repliesAndUserHistoryAreFilteredAndPaged(_ kind: Kind) throws {
        let store = try kind.make()
        for (index, action) in ["reply", "like", "reply"].enumerated() {
            let id = UUID().uuidString
            _ = try store.record(Self.key(id, action: action)) { effects in
                if action == "reply" {
                    try effects.addReply(
                        Reply(
                            replyId: "r\(index)", postId: "p-1", userId: "u-1", text: "text \(index)", responseId: id,
                            createdAt: "t"))
                }
                return "body \(index)"
            }.wait().get()
        }
        _ = try store.record(Self.key(user: "u-2")) { _ in "someone else" }.wait().get()
        let replies = try store.replies(postId: "p-1", page: PageRequest())
        #expect(replies.replyCount == 2)
        #expect(replies.page.items.map(\.text) == ["text 2", "text 0"])
        let all = try store.responses(userId: "u-1", filter: ResponseFilter(), page: PageRequest())
        #expect(all.items == ["body 2", "body 1", "body 0"])
        let onlyReplies = try store.responses(
            userId: "u-1", filter: ResponseFilter(action: "reply"), page: PageRequest(limit: 1))
        #expect(onlyReplies.items == ["body 2"])
        let rest = try store.responses(
            userId: "u-1", filter: ResponseFilter(action: "reply"),
            page: PageRequest(limit: 1, cursor: onlyReplies.next))
        #expect(rest.items == ["body 0"])
        #expect(rest.next == nil)
        let otherCategory = try store.responses(
            userId: "u-1", filter: ResponseFilter(category: "shop_order"), page: PageRequest())
        #expect(otherCategory.items.isEmpty)
    }
}
