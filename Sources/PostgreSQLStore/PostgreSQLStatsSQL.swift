/// The aggregates on PostgreSQL: tables, their recount from the events, and the statements a
/// writer adds a batch's aggregates with and a reader answers from. Arrays carry a whole batch
/// in one statement each.
enum PostgreSQLStatsSQL {
    /// As on SQLite (`StatsSQL`): bucket 0 minute, 1 hour, 2 day; start in Unix seconds.
    static let tables = """
        CREATE TABLE stats_counts (
            category text NOT NULL,
            bucket integer NOT NULL,
            start bigint NOT NULL,
            action text NOT NULL,
            responses bigint NOT NULL,
            users bigint NOT NULL,
            PRIMARY KEY (category, bucket, start, action)
        );
        CREATE TABLE stats_users (
            category text NOT NULL,
            bucket integer NOT NULL,
            start bigint NOT NULL,
            action text NOT NULL,
            user_id text NOT NULL,
            PRIMARY KEY (category, bucket, start, action, user_id)
        );
        CREATE TABLE stats_posts (
            category text NOT NULL,
            post_id text NOT NULL,
            likes bigint NOT NULL,
            replies bigint NOT NULL,
            PRIMARY KEY (category, post_id)
        );
        """

    /// Locks the tables against writers first: a writer adds its batch's aggregates before its
    /// COMMIT, so once the lock is held every committed event is counted in the tables and every
    /// event not yet committed waits to add its own after the recount.
    static let rebuild = """
        LOCK TABLE stats_counts, stats_users, stats_posts IN EXCLUSIVE MODE;
        DELETE FROM stats_counts;
        DELETE FROM stats_users;
        DELETE FROM stats_posts;
        CREATE TEMPORARY TABLE bucketed ON COMMIT DROP AS
            SELECT r.category, b.code AS bucket, r.received_at / 1000 - r.received_at / 1000 % b.seconds AS start,
                r.action, r.user_id
            FROM responses AS r, (VALUES (0, 60), (1, 3600), (2, 86400)) AS b (code, seconds)
            WHERE r.received_at IS NOT NULL;
        INSERT INTO stats_users (category, bucket, start, action, user_id)
            SELECT DISTINCT category, bucket, start, action, user_id FROM bucketed;
        INSERT INTO stats_counts (category, bucket, start, action, responses, users)
            SELECT category, bucket, start, action, count(*), count(DISTINCT user_id) FROM bucketed
            GROUP BY category, bucket, start, action;
        INSERT INTO stats_posts (category, post_id, likes, replies)
            SELECT category, post_id, sum(likes), sum(replies) FROM (
                SELECT r.category, l.post_id, 1 AS likes, 0 AS replies
                FROM likes AS l JOIN responses AS r ON r.id = l.response_id WHERE r.received_at IS NOT NULL
                UNION ALL
                SELECT r.category, p.post_id, 0, 1
                FROM replies AS p JOIN responses AS r ON r.id = p.response_id WHERE r.received_at IS NOT NULL) AS changes
            GROUP BY category, post_id;
        """

    /// Each event's receive time from its stored answer, for events stored before the column
    /// existed; an answer that is not a JSON object with a timestamp leaves it null.
    static let receivedAtColumn = """
        ALTER TABLE responses ADD COLUMN received_at bigint;
        CREATE FUNCTION pg_temp.received_at(body text) RETURNS bigint LANGUAGE plpgsql AS $$
        BEGIN
            RETURN round(extract(epoch FROM ((body::jsonb) ->> 'receivedAt')::timestamptz) * 1000);
        EXCEPTION WHEN others THEN
            RETURN NULL;
        END $$;
        UPDATE responses SET received_at = pg_temp.received_at(body);
        """

    static let writerStatements: [(name: String, sql: String)] = [
        // The batch's users added to their buckets, and the buckets' counts raised by the
        // batch's responses and by the users that were new there: one statement, so one round
        // trip and no rows sent back. Counts rows are written in the order they were given (the
        // lock order every writer keeps).
        (
            "stats_add",
            """
            WITH added_users AS (
                INSERT INTO stats_users (category, bucket, start, action, user_id)
                SELECT * FROM unnest($1::text[], $2::integer[], $3::bigint[], $4::text[], $5::text[])
                ON CONFLICT DO NOTHING RETURNING category, bucket, start, action
            ), new_users AS (
                SELECT category, bucket, start, action, count(*) AS added FROM added_users
                GROUP BY category, bucket, start, action
            )
            INSERT INTO stats_counts AS counts (category, bucket, start, action, responses, users)
            SELECT given.category, given.bucket, given.start, given.action, given.responses,
                COALESCE(new_users.added, 0)
            FROM unnest($6::text[], $7::integer[], $8::bigint[], $9::text[], $10::bigint[])
                WITH ORDINALITY AS given (category, bucket, start, action, responses, place)
            LEFT JOIN new_users ON new_users.category = given.category AND new_users.bucket = given.bucket
                AND new_users.start = given.start AND new_users.action = given.action
            ORDER BY given.place
            ON CONFLICT (category, bucket, start, action) DO UPDATE
            SET responses = counts.responses + excluded.responses, users = counts.users + excluded.users
            """
        ),
        (
            "stats_add_posts",
            """
            INSERT INTO stats_posts AS posts (category, post_id, likes, replies)
            SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[])
            ON CONFLICT (category, post_id) DO UPDATE
            SET likes = posts.likes + excluded.likes, replies = posts.replies + excluded.replies
            """
        ),
    ]

    /// One statement, so one snapshot, for buckets and totals: rows of kind 0 are buckets, of
    /// kind 1 the distinct users per action over the span's pieces ($5…$19, five of them, unused
    /// ones empty), or, when the span is one stored bucket ($20 true), that bucket's kept users.
    static let readerStatements: [(name: String, sql: String)] = [
        (
            "stats_report",
            """
            SELECT 0, start, action, responses, users FROM stats_counts
            WHERE category = $1 AND bucket = $2 AND start >= $3 AND start < $4
            UNION ALL
            SELECT 1, 0, action, 0, users FROM stats_counts
            WHERE $20 AND category = $1 AND bucket = $5 AND start = $6
            UNION ALL
            SELECT 1, 0, action, 0, count(DISTINCT user_id) FROM (
                SELECT action, user_id FROM stats_users
                WHERE category = $1 AND bucket = $5 AND start >= $6 AND start < $7
                UNION ALL
                SELECT action, user_id FROM stats_users
                WHERE category = $1 AND bucket = $8 AND start >= $9 AND start < $10
                UNION ALL
                SELECT action, user_id FROM stats_users
                WHERE category = $1 AND bucket = $11 AND start >= $12 AND start < $13
                UNION ALL
                SELECT action, user_id FROM stats_users
                WHERE category = $1 AND bucket = $14 AND start >= $15 AND start < $16
                UNION ALL
                SELECT action, user_id FROM stats_users
                WHERE category = $1 AND bucket = $17 AND start >= $18 AND start < $19
            ) AS seen WHERE NOT $20 GROUP BY action
            """
        ),
        (
            "stats_top_likes",
            """
            SELECT post_id, likes, replies FROM stats_posts WHERE category = $1 AND likes > 0
            ORDER BY likes DESC, post_id LIMIT $2
            """
        ),
        (
            "stats_top_replies",
            """
            SELECT post_id, likes, replies FROM stats_posts WHERE category = $1 AND replies > 0
            ORDER BY replies DESC, post_id LIMIT $2
            """
        ),
    ]
}
