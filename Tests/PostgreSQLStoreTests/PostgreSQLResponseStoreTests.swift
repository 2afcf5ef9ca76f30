import ActionHub
import Dispatch
import Foundation
import PostgreSQL
import PostgreSQLStore
import TestSupport
import Testing

/// What only the PostgreSQL store must do: share one database between instances, survive the
/// server going away. Two store objects on one database stand for two ActionHub instances.
@Suite struct PostgreSQLResponseStoreTests {
    static func key(_ id: String, user: String = "u", fingerprint: String = "f") -> NewResponse {
        NewResponse(id: id, userId: user, category: "social_post", action: "like", fingerprint: fingerprint)
    }

    static func like(_ store: PostgreSQLResponseStore, id: String, user: String, post: String = "p") throws
        -> RecordResult
    {
        try store.record(key(id, user: user)) { effects in
            let change = try effects.addLike(Like(postId: post, userId: user, responseId: id, likedAt: "t"))
            return #"{"added":\#(change.added),"likeCount":\#(change.likeCount)}"#
        }
    }

    /// Runs `body(index)` on `count` threads at once.
    static func concurrently<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
        nonisolated(unsafe) var results = [T?](repeating: nil, count: count)
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let result = body(index)
            lock.withLock { results[index] = result }
        }
        return results.map { $0! }
    }

    static func twoInstances() throws -> [PostgreSQLResponseStore] {
        let url = try PostgreSQLCluster.shared().makeDatabase()
        return try [0, 1].map { _ in try PostgreSQLResponseStore(url: url, options: .init(writerCount: 3)) }
    }

    @Test func theSameUserLikingThroughTwoInstancesAtOnceLikesOnce() throws {
        let instances = try Self.twoInstances()
        let results = Self.concurrently(40) { index in
            try? Self.like(instances[index % 2], id: UUID().uuidString, user: "same-user")
        }
        let bodies = results.compactMap { if case .created(let body)? = $0 { body } else { nil } }
        #expect(bodies.count == 40)
        #expect(bodies.filter { $0.contains(#""added":true"#) }.count == 1)
        #expect(try instances[0].likes(postId: "p", page: PageRequest()).likeCount == 1)
    }

    @Test func theSameIdSentToTwoInstancesAtOnceIsStoredOnceWithOneBody() throws {
        let instances = try Self.twoInstances()
        for round in 0..<10 {
            let id = UUID().uuidString
            let results = Self.concurrently(8) { index in
                try? instances[index % 2].record(Self.key(id, user: "u-\(round)")) { _ in "answer \(index)" }
            }
            let created = results.compactMap { if case .created(let body)? = $0 { body } else { nil } }
            let replayed = results.compactMap { if case .replayed(let body)? = $0 { body } else { nil } }
            #expect(created.count == 1)
            #expect(replayed.count == 7)
            #expect(Set(replayed + created).count == 1)
            #expect(try instances[1].response(id: id) == created.first)
        }
    }

    @Test func likeCountEqualsDistinctLikersUnderConcurrentLoad() throws {
        let instances = try Self.twoInstances()
        let results = Self.concurrently(300) { index in
            try? Self.like(instances[index % 2], id: UUID().uuidString, user: "u-\(index % 37)", post: "hot")
        }
        #expect(results.allSatisfy { $0 != nil })
        let likes = try instances[0].likes(postId: "hot", page: PageRequest(limit: 200))
        #expect(likes.likeCount == 37)
        #expect(Set(likes.page.items.map(\.userId)).count == 37)
    }

    @Test func instancesStartingTogetherMigrateOnce() throws {
        let url = try PostgreSQLCluster.shared().makeDatabase()
        let started = Self.concurrently(4) { _ in (try? PostgreSQLResponseStore(url: url)) != nil }
        #expect(started == [true, true, true, true])
        let migrations = try PostgreSQLConnection(url: url).query("SELECT count(*) FROM schema_migrations")
        #expect(migrations.integer(row: 0, column: 0) == 3)
    }

    @Test func anUnreachableDatabaseFailsAtStart() throws {
        #expect(throws: PostgreSQLError.self) {
            try PostgreSQLResponseStore(url: "postgresql://nobody@127.0.0.1:1/none?connect_timeout=2")
        }
    }

    @Test func aStoppedServerFailsRequestsAndTheStoreRecoversWhenItIsBack() throws {
        let cluster = try PostgreSQLCluster()
        defer { cluster.stop() }
        let store = try PostgreSQLResponseStore(url: try cluster.makeDatabase())
        let before = UUID().uuidString
        #expect(try Self.like(store, id: before, user: "a") == .created(body: #"{"added":true,"likeCount":1}"#))

        cluster.stop()
        let during = UUID().uuidString
        #expect(throws: (any Error).self) { try Self.like(store, id: during, user: "b") }
        #expect(throws: (any Error).self) { try store.checkReadiness() }
        #expect(throws: (any Error).self) { try store.likes(postId: "p", page: PageRequest()) }

        try cluster.start()
        try store.checkReadiness()
        #expect(try store.response(id: during) == nil)
        #expect(try Self.like(store, id: during, user: "b") == .created(body: #"{"added":true,"likeCount":2}"#))
        #expect(try Self.like(store, id: before, user: "a") == .replayed(body: #"{"added":true,"likeCount":1}"#))
    }
}
