import ActionHubDomain
import SQLite

/// Writes a batch's aggregates on the writing connection, inside the batch's transaction.
final class SQLiteStatsWriter {
    private let connection: SQLiteConnection
    private let insertUser: SQLiteStatement
    private let addCounts: SQLiteStatement
    private let addPost: SQLiteStatement

    init(connection: SQLiteConnection) throws {
        self.connection = connection
        insertUser = try connection.prepare(
            """
            INSERT INTO stats_users (category, bucket, start, action, user_id) VALUES (?1, ?2, ?3, ?4, ?5)
            ON CONFLICT DO NOTHING
            """)
        addCounts = try connection.prepare(
            """
            INSERT INTO stats_counts (category, bucket, start, action, responses, users) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
            ON CONFLICT (category, bucket, start, action)
            DO UPDATE SET responses = responses + excluded.responses, users = users + excluded.users
            """)
        addPost = try connection.prepare(
            """
            INSERT INTO stats_posts (category, post_id, likes, replies) VALUES (?1, ?2, ?3, ?4)
            ON CONFLICT (category, post_id) DO UPDATE SET likes = likes + excluded.likes, replies = replies + excluded.replies
            """)
    }

    /// A user already counted in a minute is counted in its hour and day: each event's chain
    /// stops at the first width that held the user, so a user's repeated responses cost one
    /// lookup each.
    func write(_ batch: inout StatsBatch) throws {
        for chain in batch.userKeys {
            for key in chain {
                try insertUser.run([
                    .text(key.count.category), .integer(key.count.bucket.code), .integer(key.count.start),
                    .text(key.count.action), .text(key.userId),
                ])
                guard connection.changes == 1 else { break }
                batch.userAdded(key)
            }
        }
        for (key, tally) in batch.counts {
            try addCounts.run([
                .text(key.category), .integer(key.bucket.code), .integer(key.start), .text(key.action),
                .integer(Int64(tally.count)), .integer(Int64(tally.users)),
            ])
        }
        for (key, change) in batch.posts {
            try addPost.run([
                .text(key.category), .text(key.postId), .integer(Int64(change.likes)), .integer(Int64(change.replies)),
            ])
        }
    }

    /// Replaces the aggregates with a recount of the stored events, in the caller's transaction.
    func rebuild() throws {
        try connection.execute(StatsSQL.rebuild)
    }
}
