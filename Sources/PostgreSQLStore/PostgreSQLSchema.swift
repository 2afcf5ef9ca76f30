import Migrations

/// The store's schema on PostgreSQL, as ordered migrations: the same tables as on SQLite.
///
/// `position` is an identity column: the keyset page cursor, newest first. Indexes are the ones
/// the write path must keep (the unique keys that make events and likes exactly-once) and one per
/// listing; each costs every insert, so there is none beyond what a query reads.
enum PostgreSQLSchema {
    static let migrations = [
        Migration(
            name: "0001-responses-likes-replies",
            sql: """
                CREATE TABLE responses (
                    position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    id text NOT NULL UNIQUE,
                    user_id text NOT NULL,
                    category text NOT NULL,
                    action text NOT NULL,
                    fingerprint text NOT NULL,
                    body text NOT NULL
                );
                CREATE INDEX responses_by_user ON responses (user_id, position);
                CREATE TABLE likes (
                    position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    post_id text NOT NULL,
                    user_id text NOT NULL,
                    response_id text NOT NULL,
                    liked_at text NOT NULL,
                    UNIQUE (post_id, user_id)
                );
                CREATE INDEX likes_by_post ON likes (post_id, position);
                CREATE TABLE replies (
                    position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    reply_id text NOT NULL,
                    post_id text NOT NULL,
                    user_id text NOT NULL,
                    text text NOT NULL,
                    response_id text NOT NULL,
                    created_at text NOT NULL
                );
                CREATE INDEX replies_by_post ON replies (post_id, position);
                """),
        Migration(
            name: "0002-heartbeat",
            sql: "CREATE TABLE heartbeat (id integer PRIMARY KEY, checked_at timestamptz NOT NULL);"),
        Migration(
            name: "0003-api-keys",
            sql: """
                CREATE TABLE api_keys (
                    id text PRIMARY KEY,
                    hash text NOT NULL UNIQUE,
                    name text NOT NULL,
                    scopes text NOT NULL,
                    created_at text NOT NULL,
                    revoked_at text
                );
                CREATE TABLE secrets (name text PRIMARY KEY, value text NOT NULL);
                """),
        // A post's like and reply counts, kept by triggers in the transaction that adds the rows,
        // instead of counted for every like and every page (a like on a post with 200k likes
        // counted them all). Statement triggers with the rows as a table: one update per post and
        // statement (a row trigger made a bulk insert of 200k likes on one post update one row
        // 200k times in one transaction, minutes). The triggers come first: creating them locks
        // out writers, old instances included, so the counts filled in next miss nothing and
        // nothing is counted twice; from then on every instance's inserts keep them.
        Migration(
            name: "0004-post-counts",
            sql: """
                CREATE TABLE post_counts (
                    post_id text PRIMARY KEY,
                    likes bigint NOT NULL DEFAULT 0,
                    replies bigint NOT NULL DEFAULT 0
                );
                CREATE FUNCTION count_post_rows() RETURNS trigger LANGUAGE plpgsql AS $$
                DECLARE
                    change bigint := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
                BEGIN
                    IF TG_TABLE_NAME = 'likes' THEN
                        INSERT INTO post_counts AS counts (post_id, likes)
                        SELECT post_id, change * count(*) FROM changed_rows GROUP BY post_id ORDER BY post_id
                        ON CONFLICT (post_id) DO UPDATE SET likes = counts.likes + excluded.likes;
                    ELSE
                        INSERT INTO post_counts AS counts (post_id, replies)
                        SELECT post_id, change * count(*) FROM changed_rows GROUP BY post_id ORDER BY post_id
                        ON CONFLICT (post_id) DO UPDATE SET replies = counts.replies + excluded.replies;
                    END IF;
                    RETURN NULL;
                END;
                $$;
                CREATE TRIGGER likes_added AFTER INSERT ON likes REFERENCING NEW TABLE AS changed_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION count_post_rows();
                CREATE TRIGGER likes_removed AFTER DELETE ON likes REFERENCING OLD TABLE AS changed_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION count_post_rows();
                CREATE TRIGGER replies_added AFTER INSERT ON replies REFERENCING NEW TABLE AS changed_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION count_post_rows();
                CREATE TRIGGER replies_removed AFTER DELETE ON replies REFERENCING OLD TABLE AS changed_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION count_post_rows();
                INSERT INTO post_counts AS counts (post_id, likes) SELECT post_id, count(*) FROM likes GROUP BY post_id
                    ON CONFLICT (post_id) DO UPDATE SET likes = excluded.likes;
                INSERT INTO post_counts AS counts (post_id, replies) SELECT post_id, count(*) FROM replies GROUP BY post_id
                    ON CONFLICT (post_id) DO UPDATE SET replies = excluded.replies;
                """),
        // The push each event answers, and the transaction that stored it: the feed reads events
        // in (transaction, position) order and only from transactions older than any still
        // running, so an event whose position was taken before a later one's but committed after
        // it is not skipped by a consumer that already read past its position.
        Migration(
            name: "0005-response-notification-and-feed",
            sql: """
                ALTER TABLE responses ADD COLUMN notification text;
                ALTER TABLE responses ADD COLUMN txid xid8 NOT NULL DEFAULT pg_current_xact_id();
                CREATE INDEX responses_feed ON responses (txid, position);
                """),
        // Webhooks: endpoints, the patterns each hears and the outbox, one row per event and
        // endpoint written in the event's transaction. The foreign keys make deleting an endpoint
        // wait for event transactions writing its deliveries, so none is left behind for it.
        Migration(
            name: "0006-webhooks",
            sql: """
                CREATE TABLE webhook_endpoints (
                    id text PRIMARY KEY,
                    url text NOT NULL,
                    events text NOT NULL,
                    secret text NOT NULL,
                    created_at text NOT NULL
                );
                CREATE TABLE webhook_subscriptions (
                    pattern text NOT NULL,
                    endpoint_id text NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
                    PRIMARY KEY (pattern, endpoint_id)
                );
                CREATE INDEX webhook_subscriptions_by_endpoint ON webhook_subscriptions (endpoint_id);
                CREATE TABLE webhook_deliveries (
                    sequence bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    endpoint_id text NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
                    response_position bigint NOT NULL,
                    status text NOT NULL DEFAULT 'pending',
                    attempts integer NOT NULL DEFAULT 0,
                    created_at bigint NOT NULL,
                    next_attempt_at bigint,
                    delivered_at bigint,
                    last_status_code integer,
                    last_error text
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
            sql: "CREATE TABLE token_revocations (user_id text PRIMARY KEY, revoked_before bigint NOT NULL);"),
        // Stored aggregates (`PostgreSQLStatsSQL`), and each event's receive time in a column.
        Migration(
            name: "0008-stats",
            sql: PostgreSQLStatsSQL.receivedAtColumn + PostgreSQLStatsSQL.tables + PostgreSQLStatsSQL.rebuild),
        // A post's counts from the writer, once per post and batch, instead of from the insert
        // triggers, once per like: a batch of likes on one hot post updated its counts row once per
        // like, each update a new row version the next one had to step over, under a row lock
        // other writers' batches waited on until COMMIT (703 likes/s on a post with 200k likes).
        // The writer's connections say so with `actionhub.counts_by_writer`; inserts from anything
        // else (an older instance during a rolling upgrade, psql) are still counted by the
        // triggers, and deletes always are.
        Migration(
            name: "0009-post-counts-by-writer",
            sql: """
                DROP TRIGGER likes_added ON likes;
                DROP TRIGGER replies_added ON replies;
                CREATE TRIGGER likes_added AFTER INSERT ON likes REFERENCING NEW TABLE AS changed_rows
                    FOR EACH STATEMENT
                    WHEN (current_setting('actionhub.counts_by_writer', true) IS DISTINCT FROM 'on')
                    EXECUTE FUNCTION count_post_rows();
                CREATE TRIGGER replies_added AFTER INSERT ON replies REFERENCING NEW TABLE AS changed_rows
                    FOR EACH STATEMENT
                    WHEN (current_setting('actionhub.counts_by_writer', true) IS DISTINCT FROM 'on')
                    EXECUTE FUNCTION count_post_rows();
                """),
        // A user's history by (category, action) ranges (the reader's `user_responses`); it
        // replaces the index by (user_id, position), so a write still updates as many indexes.
        Migration(
            name: "0010-user-history-by-action",
            sql: """
                CREATE INDEX responses_by_user_action ON responses (user_id, category, action, position);
                DROP INDEX responses_by_user;
                """),
        // Any category's subjects: sets, choices, lists and their counts (`PostgreSQLSubjectsSQL`).
        Migration(name: "0011-subjects", sql: PostgreSQLSubjectsSQL.tables),
        // Claims held by a live instance instead of leases that had to run out: a delivery names
        // the instance that claimed it, and an instance beats its heart in its outbox rounds
        // (`PostgreSQLWebhookStore`).
        Migration(
            name: "0012-webhook-claims",
            sql: """
                ALTER TABLE webhook_deliveries ADD COLUMN claimed_by text;
                CREATE TABLE webhook_instances (id text PRIMARY KEY, started_at bigint NOT NULL,
                    heartbeat_at bigint NOT NULL);
                """),
        // A service key's own rate limit (`keys create --rate-limit`); NULL: the service's default.
        Migration(name: "0013-key-rate-limits", sql: "ALTER TABLE api_keys ADD COLUMN rate_limit integer;"),
        // Erased users' response ids, as HMACs under a key of this database's own (two random
        // UUIDs: 244 random bits, with nothing beyond what PostgreSQL 13 has built in).
        Migration(
            name: "0014-erasure",
            sql: """
                CREATE TABLE erased_responses (digest text PRIMARY KEY);
                INSERT INTO secrets (name, value)
                    VALUES ('erasure-key', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
                """),
        // Erasure and retention remove the deliveries of the events they remove.
        Migration(
            name: "0015-deliveries-by-event",
            sql: "CREATE INDEX webhook_deliveries_by_event ON webhook_deliveries (response_position);"),
        Migration(
            name: "0016-devices",
            sql: """
                CREATE TABLE devices (
                    position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    token text NOT NULL UNIQUE,
                    user_id text NOT NULL,
                    environment text NOT NULL,
                    topic text NOT NULL,
                    state text NOT NULL DEFAULT 'active',
                    reason text,
                    registered_at text NOT NULL
                );
                CREATE INDEX devices_by_user ON devices (user_id, position);
                """),
        Migration(
            name: "0017-pushes",
            sql: """
                CREATE TABLE pushes (
                    position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    id text NOT NULL UNIQUE,
                    category text NOT NULL,
                    payload text NOT NULL,
                    collapse_id text,
                    expiration bigint,
                    priority integer NOT NULL,
                    idempotency_key text UNIQUE,
                    request_hash text NOT NULL,
                    created_at text NOT NULL
                );
                CREATE TABLE push_deliveries (
                    sequence bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    push_position bigint NOT NULL,
                    token text NOT NULL,
                    user_id text NOT NULL,
                    status text NOT NULL DEFAULT 'queued',
                    reason text,
                    attempts integer NOT NULL DEFAULT 0,
                    due_at bigint NOT NULL,
                    claimed_until bigint,
                    sent_at bigint,
                    UNIQUE (push_position, token)
                );
                CREATE INDEX push_deliveries_due ON push_deliveries (due_at, sequence) WHERE status = 'queued';
                CREATE INDEX push_deliveries_by_user ON push_deliveries (user_id);
                """),
        // Receipts, and what the funnel reads: a category's pushes by time, and the responses
        // that carry a push's id back (an index on the expression the funnel joins on, kept
        // only for those, so that other events' inserts do not parse their JSON for it).
        Migration(
            name: "0018-push-funnel",
            sql: """
                ALTER TABLE push_deliveries ADD COLUMN delivered_at bigint;
                CREATE INDEX pushes_by_category ON pushes (category, created_at);
                CREATE INDEX responses_by_push ON responses ((\(PostgreSQLPushStore.pushIdOfResponse)))
                    WHERE \(PostgreSQLPushStore.carriesPushId);
                """),
    ]
}
