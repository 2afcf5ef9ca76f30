import Migrations

/// The store's schema, as ordered migrations.
///
/// Each listing reads one index newest-first by `position` (the table's rowid), which is also the
/// page cursor: keyset pages that stay stable while rows are added.
enum Schema {
    static let migrations = [
        Migration(
            name: "0001-responses-likes-replies",
            sql: """
                CREATE TABLE responses (
                    position INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE,
                    user_id TEXT NOT NULL,
                    category TEXT NOT NULL,
                    action TEXT NOT NULL,
                    fingerprint TEXT NOT NULL,
                    body TEXT NOT NULL
                );
                CREATE INDEX responses_by_user ON responses (user_id, position);
                CREATE TABLE likes (
                    position INTEGER PRIMARY KEY,
                    post_id TEXT NOT NULL,
                    user_id TEXT NOT NULL,
                    response_id TEXT NOT NULL,
                    liked_at TEXT NOT NULL,
                    UNIQUE (post_id, user_id)
                );
                CREATE INDEX likes_by_post ON likes (post_id, position);
                CREATE TABLE replies (
                    position INTEGER PRIMARY KEY,
                    reply_id TEXT NOT NULL,
                    post_id TEXT NOT NULL,
                    user_id TEXT NOT NULL,
                    text TEXT NOT NULL,
                    response_id TEXT NOT NULL,
                    created_at TEXT NOT NULL
                );
                CREATE INDEX replies_by_post ON replies (post_id, position);
                """),
        Migration(
            name: "0002-heartbeat",
            sql: "CREATE TABLE heartbeat (id INTEGER PRIMARY KEY, checked_at TEXT NOT NULL);"),
        Migration(
            name: "0003-api-keys",
            sql: """
                CREATE TABLE api_keys (
                    id TEXT PRIMARY KEY,
                    hash TEXT NOT NULL UNIQUE,
                    name TEXT NOT NULL,
                    scopes TEXT NOT NULL,
                    created_at TEXT NOT NULL,
                    revoked_at TEXT
                );
                CREATE TABLE secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL);
                """),
        // A post's like and reply counts, kept by triggers in the transaction that changes the
        // rows, instead of counted per like and per page: counting made every like on a post
        // with 200k likes scan them all on the one writer thread (42 likes/s in all).
        Migration(
            name: "0004-post-counts",
            sql: """
                CREATE TABLE post_counts (
                    post_id TEXT PRIMARY KEY,
                    likes INTEGER NOT NULL DEFAULT 0,
                    replies INTEGER NOT NULL DEFAULT 0
                ) WITHOUT ROWID;
                INSERT INTO post_counts (post_id, likes) SELECT post_id, count(*) FROM likes GROUP BY post_id;
                INSERT INTO post_counts (post_id, replies) SELECT post_id, count(*) FROM replies WHERE true GROUP BY post_id
                    ON CONFLICT (post_id) DO UPDATE SET replies = excluded.replies;
                CREATE TRIGGER likes_counted AFTER INSERT ON likes BEGIN
                    INSERT INTO post_counts (post_id, likes) VALUES (NEW.post_id, 1)
                        ON CONFLICT (post_id) DO UPDATE SET likes = likes + 1;
                END;
                CREATE TRIGGER likes_uncounted AFTER DELETE ON likes BEGIN
                    UPDATE post_counts SET likes = likes - 1 WHERE post_id = OLD.post_id;
                END;
                CREATE TRIGGER replies_counted AFTER INSERT ON replies BEGIN
                    INSERT INTO post_counts (post_id, replies) VALUES (NEW.post_id, 1)
                        ON CONFLICT (post_id) DO UPDATE SET replies = replies + 1;
                END;
                CREATE TRIGGER replies_uncounted AFTER DELETE ON replies BEGIN
                    UPDATE post_counts SET replies = replies - 1 WHERE post_id = OLD.post_id;
                END;
                """),
        // The push each event answers, for the event feed (null for events stored before).
        Migration(name: "0005-response-notification", sql: "ALTER TABLE responses ADD COLUMN notification TEXT;"),
        // Webhooks: endpoints, the patterns each hears (an event's transaction looks its three
        // candidate patterns up here) and the outbox, one row per event and endpoint, written in
        // the event's transaction. The due index holds pending rows only, so delivered history
        // costs it nothing; it carries created_at for the backlog's age.
        Migration(
            name: "0006-webhooks",
            sql: """
                CREATE TABLE webhook_endpoints (
                    id TEXT PRIMARY KEY,
                    url TEXT NOT NULL,
                    events TEXT NOT NULL,
                    secret TEXT NOT NULL,
                    created_at TEXT NOT NULL
                );
                CREATE TABLE webhook_subscriptions (
                    pattern TEXT NOT NULL,
                    endpoint_id TEXT NOT NULL,
                    PRIMARY KEY (pattern, endpoint_id)
                ) WITHOUT ROWID;
                CREATE TABLE webhook_deliveries (
                    sequence INTEGER PRIMARY KEY,
                    endpoint_id TEXT NOT NULL,
                    response_position INTEGER NOT NULL,
                    status TEXT NOT NULL DEFAULT 'pending',
                    attempts INTEGER NOT NULL DEFAULT 0,
                    created_at INTEGER NOT NULL,
                    next_attempt_at INTEGER,
                    delivered_at INTEGER,
                    last_status_code INTEGER,
                    last_error TEXT
                );
                CREATE INDEX webhook_deliveries_due ON webhook_deliveries (endpoint_id, next_attempt_at, created_at)
                    WHERE status = 'pending';
                CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, sequence);
                CREATE INDEX webhook_deliveries_failed ON webhook_deliveries (endpoint_id, sequence)
                    WHERE status = 'failed';
                """),
        // Users whose tokens issued before a moment are refused (`actionhub tokens revoke`).
        Migration(
            name: "0007-token-revocations",
            sql: "CREATE TABLE token_revocations (user_id TEXT PRIMARY KEY, revoked_before INTEGER NOT NULL);"),
        // Stored aggregates (`StatsSQL`): each event's receive time in a column (from its answer for
        // events stored before), then the counts of what is stored.
        Migration(
            name: "0008-stats",
            sql: """
                ALTER TABLE responses ADD COLUMN received_at INTEGER;
                UPDATE responses
                    SET received_at = CAST(round((julianday(json_extract(body, '$.receivedAt')) - 2440587.5) * 86400000.0) AS INTEGER)
                    WHERE json_valid(body);
                """ + StatsSQL.tables + StatsSQL.rebuild),
        // A user's history by (category, action) ranges (`UserHistoryReader`): a filtered page
        // seeks to its ranges instead of reading all the user's responses (65–74 ms for a page
        // of replies of a user with 200k likes, 0.17 ms now: bench/user-history). It replaces the index by (user_id, position), so a
        // POST still updates as many indexes.
        Migration(
            name: "0009-user-history-by-action",
            sql: """
                CREATE INDEX responses_by_user_action ON responses (user_id, category, action, position);
                DROP INDEX responses_by_user;
                """),
        // Any category's subjects: sets, choices, lists and their counts (`SubjectsSQL`).
        Migration(name: "0010-subjects", sql: SubjectsSQL.tables),
        // A service key's own rate limit (`keys create --rate-limit`); NULL: the service's default.
        Migration(name: "0011-key-rate-limits", sql: "ALTER TABLE api_keys ADD COLUMN rate_limit INTEGER;"),
        // Erased users' response ids, as HMACs under a key of this database's own.
        Migration(
            name: "0012-erasure",
            sql: """
                CREATE TABLE erased_responses (digest TEXT PRIMARY KEY) WITHOUT ROWID;
                INSERT INTO secrets (name, value) VALUES ('erasure-key', lower(hex(randomblob(32))));
                """),
        // Erasure and retention remove the deliveries of the events they remove.
        Migration(
            name: "0013-deliveries-by-event",
            sql: "CREATE INDEX webhook_deliveries_by_event ON webhook_deliveries (response_position);"),
        Migration(name: "0014-devices", sql: DevicesSQL.table),
        Migration(name: "0015-pushes", sql: PushesSQL.tables),
        Migration(name: "0016-push-funnel", sql: PushesSQL.funnel),
    ]
}
