import ActionHubDomain
import GroupCommit
import PostgreSQL

/// The read queries on one reader connection, prepared on every one. Each listing is one
/// statement, so the count (kept in `post_counts`) and the page come from one snapshot.
package struct PostgreSQLReader: HistoryReader {
    let connection: PostgreSQLConnection

    static let statements: [(name: String, sql: String)] =
        [
            ("response_by_id", "SELECT body FROM responses WHERE id = $1"),
            (
                "likes_page",
                """
                SELECT total.count, page.position, page.user_id, page.response_id, page.liked_at
                FROM (SELECT COALESCE((SELECT likes FROM post_counts WHERE post_id = $1), 0) AS count) AS total
                LEFT JOIN LATERAL (
                    SELECT position, user_id, response_id, liked_at FROM likes
                    WHERE post_id = $1 AND position < $2 ORDER BY position DESC LIMIT $3
                ) AS page ON true
                """
            ),
            (
                "replies_page",
                """
                SELECT total.count, page.position, page.reply_id, page.user_id, page.text, page.response_id, page.created_at
                FROM (SELECT COALESCE((SELECT replies FROM post_counts WHERE post_id = $1), 0) AS count) AS total
                LEFT JOIN LATERAL (
                    SELECT position, reply_id, user_id, text, response_id, created_at FROM replies
                    WHERE post_id = $1 AND position < $2 ORDER BY position DESC LIMIT $3
                ) AS page ON true
                """
            ),
            // One position range per (category, action) the user has responses under (migration
            // 0010's index), found by one index seek each, read newest first and merged: a filter
            // picks ranges instead of skipping rows, so a page of a rare action does not read a
            // heavy user's every response (0.03–0.45 ms for 200k). The user id is carried through
            // `ranges` so the planner estimates a range's rows from a typical user, not from $1's:
            // for a heavy user it read the primary key backwards, filtering 1.2M rows (410 ms).
            // The filters are seeks or apply to whole ranges: `$3 IS NULL OR category = $3` in a
            // generic plan, or next to a row comparison, made them filters over the user's rows.
            (
                "user_responses",
                """
                WITH RECURSIVE ranges (user_id, category, action) AS (
                    (SELECT user_id, category, action FROM responses
                     WHERE user_id = $1 AND (category, action) >= (coalesce($3::text, ''), '')
                     ORDER BY category, action LIMIT 1)
                    UNION ALL
                    SELECT next.user_id, next.category, next.action FROM ranges, LATERAL (
                        SELECT user_id, category, action FROM responses
                        WHERE user_id = ranges.user_id AND (category, action) > (ranges.category, ranges.action)
                        ORDER BY category, action LIMIT 1
                    ) AS next
                )
                SELECT page.position, page.body FROM ranges, LATERAL (
                    SELECT position, body FROM responses
                    WHERE user_id = ranges.user_id AND category = ranges.category AND action = ranges.action
                      AND position < $2
                    ORDER BY position DESC LIMIT $5
                ) AS page
                WHERE ($3::text IS NULL OR ranges.category = $3) AND ($4::text IS NULL OR ranges.action = $4)
                ORDER BY page.position DESC LIMIT $5
                """
            ),
            // Only transactions older than the oldest one that may still write here: those are over,
            // committed or gone. The snapshot's running transactions are cluster-wide; one is let
            // pass only when pg_stat_activity shows it in another database (its 32-bit xid is the
            // 64-bit one modulo 2^32). Anything unattributed holds the horizon back, which only
            // delays the feed, never skips. ORDER BY names `responses.txid`: a bare `txid` would be
            // the text output column, and "1000" sorts before "999".
            (
                "feed_page",
                """
                WITH horizon AS (
                    SELECT coalesce(
                        (SELECT x FROM pg_snapshot_xip(pg_current_snapshot()) AS x
                         WHERE (x::text::numeric % 4294967296)::text NOT IN (
                            SELECT backend_xid::text FROM pg_stat_activity
                            WHERE backend_xid IS NOT NULL AND datname IS DISTINCT FROM current_database())
                         ORDER BY x LIMIT 1),
                        pg_snapshot_xmax(pg_current_snapshot())) AS below
                )
                SELECT txid::text, position, body, notification FROM responses, horizon
                WHERE (txid, position) > ($1::text::xid8, $2::bigint) AND txid < horizon.below
                  AND ($3::text IS NULL OR category = $3) AND ($4::text IS NULL OR action = $4)
                ORDER BY responses.txid, position LIMIT $5
                """
            ),
            // The feed's newest rows, newest first, under the same horizon; the last row (flagged
            // false) is the newest event of any kind, the feed's end for a filter nothing matches.
            (
                "latest_feed",
                """
                WITH horizon AS (
                    SELECT coalesce(
                        (SELECT x FROM pg_snapshot_xip(pg_current_snapshot()) AS x
                         WHERE (x::text::numeric % 4294967296)::text NOT IN (
                            SELECT backend_xid::text FROM pg_stat_activity
                            WHERE backend_xid IS NOT NULL AND datname IS DISTINCT FROM current_database())
                         ORDER BY x LIMIT 1),
                        pg_snapshot_xmax(pg_current_snapshot())) AS below
                )
                (SELECT true, txid::text, position, body, notification FROM responses, horizon
                 WHERE txid < horizon.below
                   AND ($1::text IS NULL OR category = $1) AND ($2::text IS NULL OR action = $2)
                 ORDER BY responses.txid DESC, position DESC LIMIT $3)
                UNION ALL
                (SELECT false, txid::text, position, NULL, NULL FROM responses, horizon
                 WHERE txid < horizon.below ORDER BY responses.txid DESC, position DESC LIMIT 1)
                """
            ),
            (
                "heartbeat",
                """
                INSERT INTO heartbeat (id, checked_at) VALUES (1, now())
                ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at
                """
            ),
        ] + PostgreSQLStatsSQL.readerStatements + PostgreSQLSubjectsSQL.readerStatements

    func heartbeat() throws {
        try connection.query("SELECT 1")
        try connection.run(prepared: "heartbeat")
    }

    package func response(id: String) throws -> String? {
        let result = try connection.run(prepared: "response_by_id", [id])
        return result.rowCount == 1 ? result.text(row: 0, column: 0) : nil
    }

    package func likes<Rows: LikeRows & ~Copyable>(postId: String, page: PageRequest, into rows: inout Rows) throws
        -> PageCursor?
    {
        let result = try connection.run(prepared: "likes_page", Self.window(postId, page))
        rows.total(Int(Self.total(result)))
        return Self.walkPage(result, limit: page.limit) { row in
            rows.like(
                userId: result.bytes(row: row, column: 2), responseId: result.bytes(row: row, column: 3),
                likedAt: result.bytes(row: row, column: 4))
        }
    }

    package func replies<Rows: ReplyRows & ~Copyable>(postId: String, page: PageRequest, into rows: inout Rows) throws
        -> PageCursor?
    {
        let result = try connection.run(prepared: "replies_page", Self.window(postId, page))
        rows.total(Int(Self.total(result)))
        return Self.walkPage(result, limit: page.limit) { row in
            rows.reply(
                replyId: result.bytes(row: row, column: 2), userId: result.bytes(row: row, column: 3),
                text: result.bytes(row: row, column: 4), responseId: result.bytes(row: row, column: 5),
                createdAt: result.bytes(row: row, column: 6))
        }
    }

    package func responses(userId: String, filter: ResponseFilter, page: PageRequest) throws -> Page<String> {
        let result = try connection.run(
            prepared: "user_responses",
            [
                userId, String(page.cursor?.position ?? Int64.max), filter.category, filter.action,
                String(page.limit + 1),
            ])
        let rows = result.rows { row in
            (position: result.integer(row: row, column: 0) ?? 0, item: result.text(row: row, column: 1) ?? "")
        }
        return Page(rows: rows, limit: page.limit)
    }

    package func feed(after cursor: FeedCursor, filter: ResponseFilter, limit: Int, horizon: Int64?) throws -> FeedPage
    {
        let result = try connection.run(
            prepared: "feed_page",
            [String(cursor.sequence), String(cursor.position), filter.category, filter.action, String(limit)])
        let items = result.rows { row in
            FeedItem(
                cursor: FeedCursor(
                    sequence: UInt64(result.text(row: row, column: 0) ?? "") ?? 0,
                    position: result.integer(row: row, column: 1) ?? 0),
                body: result.text(row: row, column: 2) ?? "", notification: result.text(row: row, column: 3))
        }
        return FeedPage(items: items, next: items.last?.cursor ?? cursor)
    }

    package func latestFeed(filter: ResponseFilter, limit: Int, horizon: Int64?) throws -> FeedPage {
        let result = try connection.run(prepared: "latest_feed", [filter.category, filter.action, String(limit)])
        var items: [FeedItem] = []
        var end = FeedCursor.start
        for row in 0..<result.rowCount {
            let cursor = FeedCursor(
                sequence: UInt64(result.text(row: row, column: 1) ?? "") ?? 0,
                position: result.integer(row: row, column: 2) ?? 0)
            if result.text(row: row, column: 0) == "t" {
                items.append(
                    FeedItem(
                        cursor: cursor, body: result.text(row: row, column: 3) ?? "",
                        notification: result.text(row: row, column: 4)))
            } else {
                end = cursor
            }
        }
        return FeedPage(items: items.reversed(), next: items.first?.cursor ?? end)
    }

    /// `$1` key, `$2` below this position, `$3` one more row than the page holds, to learn
    /// whether another page follows.
    private static func window(_ key: String, _ page: PageRequest) -> [String?] {
        [key, String(page.cursor?.position ?? Int64.max), String(page.limit + 1)]
    }

    /// Hands each row of a count-and-page listing's page to `visit`, and returns where the next
    /// page starts. Page rows have their position (column 1) set; the one row of an empty page
    /// carries only the count. The result outlives the visits: they read its bytes in place.
    private static func walkPage(_ result: PostgreSQLResult, limit: Int, _ visit: (_ row: Int) -> Void)
        -> PageCursor?
    {
        withExtendedLifetime(result) {
            var window = PageWindow(limit: limit)
            for row in 0..<result.rowCount {
                guard let position = result.integer(row: row, column: 1) else { continue }
                guard window.admit(position: position) else { break }
                visit(row)
            }
            return window.next
        }
    }

    /// The count column: the same on every row, and present even when the page is empty.
    private static func total(_ result: PostgreSQLResult) -> Int64 {
        result.rowCount > 0 ? result.integer(row: 0, column: 0) ?? 0 : 0
    }
}
