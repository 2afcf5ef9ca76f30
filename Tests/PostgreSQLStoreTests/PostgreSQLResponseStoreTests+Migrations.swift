import ActionHubDomain
import Dispatch
import Foundation
import PostgreSQL
import PostgreSQLStore
import TestSupport
import Testing

/// Starting: migrations by instances at once and by older builds, counts filled in for older databases, an unreachable server.
extension PostgreSQLResponseStoreTests {
    @Test func instancesStartingTogetherMigrateOnce() throws {
        let url = try PostgreSQLCluster.shared().makeDatabase()
        let started = concurrently(4) { _ in (try? PostgreSQLResponseStore(url: url)) != nil }
        #expect(started == [true, true, true, true])
        let migrations = try PostgreSQLConnection(url: url).query("SELECT count(*) FROM schema_migrations")
        #expect(migrations.integer(row: 0, column: 0) == 18)
    }

    /// During a rolling upgrade an instance of the older build restarts after a newer one migrated:
    /// PostgreSQL tolerates migrations it does not know (SQLite refuses them).
    @Test func anOlderInstanceStartsOnADatabaseANewerOneMigrated() throws {
        let url = try PostgreSQLCluster.shared().makeDatabase()
        _ = try PostgreSQLDatabase(url: url)
        try PostgreSQLConnection(url: url).execute("INSERT INTO schema_migrations (name) VALUES ('9999-newer')")
        let database = try PostgreSQLDatabase(url: url)
        let store = database.responseStore()
        #expect(try store.response(id: "00000000-0000-4000-8000-000000000000") == nil)
        try store.checkReadiness()
    }

    /// A database from before 0004 (made here by undoing it and 0009, which changes its triggers) gets its posts' counts filled in on
    /// the next start; from then on they follow every like and reply added or deleted.
    @Test func postCountsAreFilledInForAnOlderDatabaseAndFollowTheRows() throws {
        let url = try PostgreSQLCluster.shared().makeDatabase()
        _ = try PostgreSQLResponseStore(url: url)
        let connection = try PostgreSQLConnection(url: url)
        try connection.execute(
            """
            DROP TRIGGER likes_added ON likes; DROP TRIGGER likes_removed ON likes;
            DROP TRIGGER replies_added ON replies; DROP TRIGGER replies_removed ON replies;
            DROP FUNCTION count_post_rows(); DROP TABLE post_counts;
            DELETE FROM schema_migrations WHERE name IN ('0004-post-counts', '0009-post-counts-by-writer');
            INSERT INTO likes (post_id, user_id, response_id, liked_at)
            SELECT 'p-' || (n % 3), 'u-' || n, 'r-' || n, 't' FROM generate_series(1, 3000) AS n;
            INSERT INTO replies (reply_id, post_id, user_id, text, response_id, created_at)
            SELECT 'y-' || n, 'p-1', 'u-' || n, 'hi', 'r-' || n, 't' FROM generate_series(1, 7) AS n;
            """)
        let store = try PostgreSQLResponseStore(url: url)
        #expect(try store.likes(postId: "p-1", page: PageRequest()).likeCount == 1000)
        #expect(try store.replies(postId: "p-1", page: PageRequest()).replyCount == 7)
        #expect(try store.replies(postId: "p-2", page: PageRequest()).replyCount == 0)
        #expect(
            try Self.like(store, id: UUID().uuidString, user: "u-new", post: "p-1")
                == .created(body: #"{"added":true,"likeCount":1001}"#))
        #expect(
            try Self.like(store, id: UUID().uuidString, user: "u-new", post: "p-1")
                == .created(body: #"{"added":false,"likeCount":1001}"#))
        try connection.execute("DELETE FROM likes WHERE post_id = 'p-1' AND user_id = 'u-4'")
        #expect(try store.likes(postId: "p-1", page: PageRequest()).likeCount == 1000)
        #expect(try store.likes(postId: "p-0", page: PageRequest()).likeCount == 1000)
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
