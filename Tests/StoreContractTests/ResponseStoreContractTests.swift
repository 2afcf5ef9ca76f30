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

    /// What a store hands a page's receiver, in order: the count first, then the rows newest first,
    /// their text byte for byte (empty, non-ASCII and JSON-special text included).
    struct RowLog: LikeRows, ReplyRows {
        var calls: [String] = []
        mutating func total(_ count: Int) { calls.append("total \(count)") }
        mutating func like(userId: BorrowedText, responseId: BorrowedText, likedAt: BorrowedText) {
            calls.append("like \(Self.text(userId))|\(Self.text(likedAt))")
        }
        mutating func reply(
            replyId: BorrowedText, userId: BorrowedText, text: BorrowedText, responseId: BorrowedText,
            createdAt: BorrowedText
        ) {
            calls.append("reply \(Self.text(replyId))|\(Self.text(userId))|\(Self.text(text))|\(Self.text(createdAt))")
        }
        static func text(_ bytes: BorrowedText) -> String { String(decoding: bytes, as: UTF8.self) }
    }

    @Test(arguments: Kind.allCases)
    func pageRowsArriveCountFirstThenNewestFirstWithTheirTextExact(_ kind: Kind) throws {
        let store = try kind.make()
        let texts = ["", "é \"quoted\" \\ line\nbreak 👍", String(repeating: "long ", count: 100)]
        for (index, text) in texts.enumerated() {
            let id = UUID().uuidString
            _ = try store.record(Self.key(id, user: "u-\(index)", action: "reply")) { effects in
                try effects.addReply(
                    Reply(
                        replyId: "r\(index)", postId: "p-1", userId: "u-\(index)", text: text, responseId: id,
                        createdAt: "2026-12-02T00:00:0\(index)Z"))
                _ = try effects.addLike(Like(postId: "p-1", userId: "u-\(index)", responseId: id, likedAt: "t\(index)"))
                return "ok"
            }.wait().get()
        }
        var replies = RowLog()
        #expect(try store.replies(postId: "p-1", page: PageRequest(limit: 3), into: &replies) == nil)
        #expect(
            replies.calls
                == ["total 3"]
                + texts.indices.reversed().map { "reply r\($0)|u-\($0)|\(texts[$0])|2026-12-02T00:00:0\($0)Z" })
        var likes = RowLog()
        let next = try store.likes(postId: "p-1", page: PageRequest(limit: 2), into: &likes)
        #expect(likes.calls == ["total 3", "like u-2|t2", "like u-1|t1"])
        var rest = RowLog()
        #expect(try store.likes(postId: "p-1", page: PageRequest(limit: 2, cursor: next), into: &rest) == nil)
        #expect(rest.calls == ["total 3", "like u-0|t0"])
        var none = RowLog()
        #expect(try store.likes(postId: "p-2", page: PageRequest(), into: &none) == nil)
        #expect(none.calls == ["total 0"])
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

    /// A user's history spread over categories and actions, read in pages of every size under every
    /// filter, is the user's responses newest first, each once: the SQLite store merges one range
    /// per (category, action), which pages must cross without skipping or repeating a row.
    @Test(arguments: Kind.allCases)
    func aUsersHistoryPagesThroughEveryCategoryAndActionNewestFirst(_ kind: Kind) throws {
        let store = try kind.make()
        let pairs = [
            ("social_post", "like"), ("social_post", "reply"), ("shop_order", "like"), ("social_post", "like"),
            ("shop_order", "track"), ("social_post", "like"), ("alarm", "snooze"), ("social_post", "reply"),
        ]
        var recorded: [(category: String, action: String, body: String)] = []
        for index in 0..<40 {
            let (category, action) = pairs[(index * 5 + index / 8) % pairs.count]
            let body = "\(category) \(action) \(index)"
            _ = try store.record(
                NewResponse(
                    id: UUID().uuidString, userId: index % 7 == 3 ? "u-other" : "u-1", category: category,
                    action: action, fingerprint: "f")
            ) { _ in body }.wait().get()
            if index % 7 != 3 { recorded.append((category, action, body)) }
        }
        let filters = [
            ResponseFilter(), ResponseFilter(category: "social_post"), ResponseFilter(action: "like"),
            ResponseFilter(category: "shop_order", action: "like"), ResponseFilter(category: "alarm"),
            ResponseFilter(action: "missing"), ResponseFilter(category: "missing"),
        ]
        for filter in filters {
            let expected = recorded.reversed().filter {
                (filter.category == nil || filter.category == $0.category)
                    && (filter.action == nil || filter.action == $0.action)
            }.map(\.body)
            for limit in [1, 2, 3, 7, 50] {
                var read: [String] = []
                var cursor: PageCursor?
                repeat {
                    let page = try store.responses(
                        userId: "u-1", filter: filter, page: PageRequest(limit: limit, cursor: cursor))
                    #expect(page.items.count <= limit)
                    read += page.items
                    cursor = page.next
                } while cursor != nil && read.count <= recorded.count
                #expect(read == expected, "filter \(filter), limit \(limit)")
            }
        }
    }
}
