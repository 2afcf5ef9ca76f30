import ActionHubDomain
import SQLite

/// The aggregates' queries on a read connection, prepared once.
final class SQLiteStatsReader {
    private let bucketRows: SQLiteStatement
    private let bucketUsers: SQLiteStatement
    private let distinctUsers: SQLiteStatement
    private let topByLikes: SQLiteStatement
    private let topByReplies: SQLiteStatement

    init(connection: SQLiteConnection) throws {
        bucketRows = try connection.prepare(
            """
            SELECT start, action, responses, users FROM stats_counts
            WHERE category = ?1 AND bucket = ?2 AND start >= ?3 AND start < ?4
            """)
        bucketUsers = try connection.prepare(
            "SELECT action, users FROM stats_counts WHERE category = ?1 AND bucket = ?2 AND start = ?3")
        // One range per piece of the span (`StatsQuery.pieces`, at most five); unused ones are empty.
        let piece = { (index: Int) in
            "SELECT action, user_id FROM stats_users WHERE category = ?1 AND bucket = ?\(index * 3 + 2) "
                + "AND start >= ?\(index * 3 + 3) AND start < ?\(index * 3 + 4)"
        }
        distinctUsers = try connection.prepare(
            "SELECT action, count(DISTINCT user_id) FROM ("
                + (0..<Self.pieceSlots).map(piece).joined(separator: " UNION ALL ") + ") GROUP BY action")
        topByLikes = try connection.prepare(
            """
            SELECT post_id, likes, replies FROM stats_posts WHERE category = ?1 AND likes > 0
            ORDER BY likes DESC, post_id LIMIT ?2
            """)
        topByReplies = try connection.prepare(
            """
            SELECT post_id, likes, replies FROM stats_posts WHERE category = ?1 AND replies > 0
            ORDER BY replies DESC, post_id LIMIT ?2
            """)
    }

    private static let pieceSlots = 5

    /// Call inside one read transaction, so that buckets and totals describe the same moment.
    func stats(_ query: StatsQuery) throws -> StatsReport {
        let span = query.span
        let rows = try bucketRows.rows([
            .text(query.category), .integer(span.bucket.code), .integer(span.from), .integer(span.to),
        ]) { row in
            StatsReport.Row(
                start: row.integer(at: 0), action: row.text(at: 1) ?? "",
                tally: ActionTally(count: Int(row.integer(at: 2)), users: Int(row.integer(at: 3))))
        }
        let users: [(String, Int64)]
        let pieces = query.pieces
        if pieces.count == 1, let only = pieces.first, only.to - only.from == only.bucket.seconds {
            // One stored bucket: its kept count of users is the answer.
            users = try bucketUsers.rows([.text(query.category), .integer(only.bucket.code), .integer(only.from)]) {
                ($0.text(at: 0) ?? "", $0.integer(at: 1))
            }
        } else {
            precondition(pieces.count <= Self.pieceSlots, "a span has at most five pieces")
            var values: [SQLiteValue] = [.text(query.category)]
            for index in 0..<Self.pieceSlots {
                let piece = index < pieces.count ? pieces[index] : StatsSpan(bucket: .day, from: 0, to: 0)
                values += [.integer(piece.bucket.code), .integer(piece.from), .integer(piece.to)]
            }
            users = try distinctUsers.rows(values) { ($0.text(at: 0) ?? "", $0.integer(at: 1)) }
        }
        return StatsReport(
            query: query, rows: rows,
            distinctUsers: Dictionary(users.map { ($0.0, Int($0.1)) }, uniquingKeysWith: +))
    }

    func topPosts(category: String, by ranking: PostRanking, limit: Int) throws -> [PostTally] {
        let statement = ranking == .likes ? topByLikes : topByReplies
        return try statement.rows([.text(category), .integer(Int64(limit))]) { row in
            PostTally(postId: row.text(at: 0) ?? "", likes: Int(row.integer(at: 1)), replies: Int(row.integer(at: 2)))
        }
    }
}
