/// The aggregates' tables and their recount from the events, which the migration that creates
/// them and `SQLiteResponseStore.rebuildStats` both run.
enum StatsSQL {
    /// `stats_counts`: responses and distinct users per bucket (0 minute, 1 hour, 2 day; start in
    /// Unix seconds) and action. `stats_users`: who was counted in each, so that a user's next
    /// response in the same bucket is not counted again. `stats_posts`: likes and replies per
    /// post, ranked by scanning the category's rows: an index per order moved an index entry on
    /// every like and cost 10% of POST throughput (bench/stats); the scan reads one row per post.
    static let tables = """
        CREATE TABLE stats_counts (
            category TEXT NOT NULL,
            bucket INTEGER NOT NULL,
            start INTEGER NOT NULL,
            action TEXT NOT NULL,
            responses INTEGER NOT NULL,
            users INTEGER NOT NULL,
            PRIMARY KEY (category, bucket, start, action)
        ) WITHOUT ROWID;
        CREATE TABLE stats_users (
            category TEXT NOT NULL,
            bucket INTEGER NOT NULL,
            start INTEGER NOT NULL,
            action TEXT NOT NULL,
            user_id TEXT NOT NULL,
            PRIMARY KEY (category, bucket, start, action, user_id)
        ) WITHOUT ROWID;
        CREATE TABLE stats_posts (
            category TEXT NOT NULL,
            post_id TEXT NOT NULL,
            likes INTEGER NOT NULL,
            replies INTEGER NOT NULL,
            PRIMARY KEY (category, post_id)
        ) WITHOUT ROWID;
        """

    /// Every event with a receive time in each bucket width it falls in.
    private static let bucketed = """
        WITH bucketed AS (
            SELECT r.category, b.code AS bucket, r.received_at / 1000 - r.received_at / 1000 % b.seconds AS start,
                r.action, r.user_id
            FROM responses AS r,
                (SELECT 0 AS code, 60 AS seconds UNION ALL SELECT 1, 3600 UNION ALL SELECT 2, 86400) AS b
            WHERE r.received_at IS NOT NULL
        )
        """

    static let rebuild = """
        DELETE FROM stats_counts;
        DELETE FROM stats_users;
        DELETE FROM stats_posts;
        \(bucketed)
        INSERT INTO stats_users (category, bucket, start, action, user_id)
            SELECT DISTINCT category, bucket, start, action, user_id FROM bucketed;
        \(bucketed)
        INSERT INTO stats_counts (category, bucket, start, action, responses, users)
            SELECT category, bucket, start, action, count(*), count(DISTINCT user_id) FROM bucketed
            GROUP BY category, bucket, start, action;
        INSERT INTO stats_posts (category, post_id, likes, replies)
            SELECT category, post_id, sum(likes), sum(replies) FROM (
                SELECT r.category, l.post_id, 1 AS likes, 0 AS replies
                FROM likes AS l JOIN responses AS r ON r.id = l.response_id WHERE r.received_at IS NOT NULL
                UNION ALL
                SELECT r.category, p.post_id, 0, 1
                FROM replies AS p JOIN responses AS r ON r.id = p.response_id WHERE r.received_at IS NOT NULL)
            GROUP BY category, post_id;
        """
}
