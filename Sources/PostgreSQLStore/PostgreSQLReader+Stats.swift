import ActionHubDomain
import PostgreSQL

extension PostgreSQLReader {
    /// One round trip: the buckets and the totals' users come from one statement.
    package func stats(_ query: StatsQuery) throws -> StatsReport {
        let span = query.span
        var parameters: [String?] = [
            query.category, String(span.bucket.code), String(span.from), String(span.to),
        ]
        let pieces = query.pieces
        let oneBucket = pieces.count == 1 && pieces[0].to - pieces[0].from == pieces[0].bucket.seconds
        for index in 0..<5 {
            let piece = index < pieces.count ? pieces[index] : StatsSpan(bucket: .day, from: 0, to: 0)
            parameters += [String(piece.bucket.code), String(piece.from), String(piece.to)]
        }
        parameters.append(oneBucket ? "true" : "false")
        let result = try connection.run(prepared: "stats_report", parameters)
        var rows: [StatsReport.Row] = []
        var users: [String: Int] = [:]
        for row in 0..<result.rowCount {
            let action = result.text(row: row, column: 2) ?? ""
            let tally = ActionTally(
                count: Int(result.integer(row: row, column: 3) ?? 0),
                users: Int(result.integer(row: row, column: 4) ?? 0))
            if result.integer(row: row, column: 0) == 0 {
                rows.append(
                    StatsReport.Row(start: result.integer(row: row, column: 1) ?? 0, action: action, tally: tally))
            } else {
                users[action] = tally.users
            }
        }
        return StatsReport(query: query, rows: rows, distinctUsers: users)
    }

    package func topPosts(category: String, by ranking: PostRanking, limit: Int) throws -> [PostTally] {
        let result = try connection.run(
            prepared: ranking == .likes ? "stats_top_likes" : "stats_top_replies", [category, String(limit)])
        return result.rows { row in
            PostTally(
                postId: result.text(row: row, column: 0) ?? "", likes: Int(result.integer(row: row, column: 1) ?? 0),
                replies: Int(result.integer(row: row, column: 2) ?? 0))
        }
    }
}
