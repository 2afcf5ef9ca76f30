/// The statements a `PostgreSQLWriter` prepares on its connection (the aggregates' are
/// `PostgreSQLStatsSQL.writerStatements`), and the one it plans at each use.
enum PostgreSQLWriterSQL {
    static let statements: [(name: String, sql: String)] = [
        ("find_response", "SELECT fingerprint, body FROM responses WHERE id = $1"),
        // The event and its outbox rows (one delivery per endpoint whose patterns match
        // it) in one statement, one round trip; no deliveries when the id was stored.
        (
            "insert_response",
            """
            WITH inserted AS (
                INSERT INTO responses (id, user_id, category, action, fingerprint, body, notification, received_at)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING RETURNING position
            ), delivered AS (
                INSERT INTO webhook_deliveries (endpoint_id, response_position, created_at, next_attempt_at)
                SELECT DISTINCT endpoint_id, inserted.position, $9::bigint, $9::bigint
                FROM webhook_subscriptions, inserted WHERE pattern IN ($10, $11, $12)
            )
            SELECT position FROM inserted
            """
        ),
        // A transaction's events without savepoints, all in one statement before its COMMIT,
        // with their outbox rows. No ON CONFLICT: an id another writer or instance stored after
        // the batch looked for it fails the statement (and so the transaction), and the batch is
        // recorded again with a savepoint per event. $1…$8 one entry per event; $9 the time;
        // $10…$12 each event's `WebhookEventPattern.candidates`.
        (
            "insert_responses",
            """
            WITH inserted AS (
                INSERT INTO responses (id, user_id, category, action, fingerprint, body, notification, received_at)
                SELECT * FROM unnest(
                    $1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bigint[])
                RETURNING id, position
            )
            INSERT INTO webhook_deliveries (endpoint_id, response_position, created_at, next_attempt_at)
            SELECT DISTINCT subscriptions.endpoint_id, inserted.position, $9::bigint, $9::bigint
            FROM inserted
            JOIN unnest($1::text[], $10::text[], $11::text[], $12::text[]) AS patterns (id, first, second, third)
                ON patterns.id = inserted.id
            JOIN webhook_subscriptions AS subscriptions
                ON subscriptions.pattern IN (patterns.first, patterns.second, patterns.third)
            """
        ),
        (
            "insert_replies",
            """
            INSERT INTO replies (reply_id, post_id, user_id, text, response_id, created_at)
            SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
            """
        ),
        // The stored count holds the likes committed before; the writer adds this batch's
        // and the one just inserted.
        (
            "add_like",
            """
            WITH inserted AS (
                INSERT INTO likes (post_id, user_id, response_id, liked_at) VALUES ($1, $2, $3, $4)
                ON CONFLICT (post_id, user_id) DO NOTHING RETURNING 1)
            SELECT (SELECT count(*) FROM inserted),
                COALESCE((SELECT likes FROM post_counts WHERE post_id = $1), 0)
            """
        ),
        (
            "add_post_counts",
            """
            INSERT INTO post_counts AS counts (post_id, likes, replies)
            SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[])
            ON CONFLICT (post_id) DO UPDATE
                SET likes = counts.likes + excluded.likes, replies = counts.replies + excluded.replies
            """
        ),
        (
            "insert_reply",
            """
            INSERT INTO replies (reply_id, post_id, user_id, text, response_id, created_at)
            VALUES ($1, $2, $3, $4, $5, $6)
            """
        ),
    ]

    /// A batch's retries, looked up together before its first event: one round trip per batch
    /// instead of one per event. Planned at every use, not prepared: a plan cached while the
    /// table was small (a fresh database, before autovacuum's first ANALYZE) scans the whole
    /// table for the array's ids, and kept doing so as it grew (seen in bench/postgres: three
    /// times PostgreSQL's CPU per event). Planned per batch, it follows the table's size.
    static let findStored = "SELECT id, fingerprint, body FROM responses WHERE id = ANY($1::text[])"
    static let findErased = "SELECT digest FROM erased_responses WHERE digest = ANY($1::text[])"
}
