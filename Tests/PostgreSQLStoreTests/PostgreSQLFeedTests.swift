import ActionHubDomain
import Basics
import Foundation
import PostgreSQL
import PostgreSQLStore
import TestSupport
import Testing

/// The feed's one hard promise on PostgreSQL: a consumer following the tail never skips an event,
/// although positions are taken before COMMIT and transactions commit in any order.
@Suite struct PostgreSQLFeedTests {
    static let writers = 8
    static let perWriter = 20

    /// Writers take their positions, pause at random, then commit, while a consumer pages the feed
    /// and, as a control, a naive consumer pages by position alone. The feed sees every event
    /// exactly once; the naive consumer must miss some, or the run did not create the late
    /// commits it is about.
    @Test func aConsumerFollowingTheTailSkipsNoEventThatCommitsLate() throws {
        let url = try PostgreSQLCluster.shared().makeDatabase()
        let store = try PostgreSQLResponseStore(url: url)
        let total = Self.writers * Self.perWriter
        let finished = Locked(false)

        let writing = Thread {
            _ = concurrently(Self.writers) { writer in
                guard let connection = try? PostgreSQLConnection(url: url) else { return false }
                var generator = SystemRandomNumberGenerator()
                for index in 0..<Self.perWriter {
                    do {
                        try connection.execute("BEGIN")
                        try connection.query(
                            """
                            INSERT INTO responses (id, user_id, category, action, fingerprint, body)
                            VALUES ($1, $2, 'social_post', 'like', 'f', $3)
                            """, [UUID().uuidString, "u-\(writer)", "w\(writer)-\(index)"])
                        usleep(UInt32.random(in: 0...60_000, using: &generator))
                        try connection.execute("COMMIT")
                    } catch {
                        return false
                    }
                }
                return true
            }
            finished.withLock { $0 = true }
        }
        writing.start()

        let naive = try PostgreSQLConnection(url: url)
        var naivePosition: Int64 = 0
        var naiveSeen = Set<String>()
        var seen: [String] = []
        var cursor = FeedCursor.start
        let deadline = Date().addingTimeInterval(60)
        while seen.count < total && Date() < deadline {
            let page = try store.feed(after: cursor, filter: ResponseFilter(), limit: 7)
            seen += page.items.map(\.body)
            cursor = page.next
            let rows = try naive.query(
                "SELECT position, body FROM responses WHERE position > $1 ORDER BY position LIMIT 7",
                [String(naivePosition)])
            for row in 0..<rows.rowCount {
                naivePosition = rows.integer(row: row, column: 0) ?? naivePosition
                naiveSeen.insert(rows.text(row: row, column: 1) ?? "")
            }
            if page.items.isEmpty { usleep(2_000) }
        }
        while !finished.withLock({ $0 }) { usleep(10_000) }
        // Whatever the naive consumer reads after the writers stopped, it reads past the tail only.
        let rest = try naive.query("SELECT body FROM responses WHERE position > $1", [String(naivePosition)])
        for row in 0..<rest.rowCount { naiveSeen.insert(rest.text(row: row, column: 0) ?? "") }

        #expect(seen.count == total)
        #expect(Set(seen).count == total, "an event came twice")
        #expect(naiveSeen.count < total, "no commit came late: the run proves nothing")
        store.close()
    }

    /// Transaction ids compare as numbers: one with more digits came later. Stored with ids 9 and
    /// 10 (long over on any cluster), the feed reads 9 first and its newest event is 10's.
    @Test func transactionIdsAreOrderedAsNumbersNotText() throws {
        let url = try PostgreSQLCluster.shared().makeDatabase()
        let store = try PostgreSQLResponseStore(url: url)
        let connection = try PostgreSQLConnection(url: url)
        for (transaction, body) in [("9", "older"), ("10", "newer")] {
            try connection.query(
                """
                INSERT INTO responses (id, user_id, category, action, fingerprint, body, txid)
                VALUES ($1, 'u', 'social_post', 'like', 'f', $2, $3::text::xid8)
                """, [UUID().uuidString, body, transaction])
        }

        var cursor = FeedCursor.start
        var read: [String] = []
        for _ in 0..<3 {
            let page = try store.feed(after: cursor, filter: ResponseFilter(), limit: 1)
            read += page.items.map(\.body)
            cursor = page.next
        }
        #expect(read == ["older", "newer"])
        #expect(try store.latestFeed(filter: ResponseFilter(), limit: 1).items.map(\.body) == ["newer"])
        store.close()
    }
}
