import PostgreSQL

/// The store's schema on PostgreSQL, as ordered migrations: the same tables as on SQLite.
///
/// `position` is an identity column: the keyset page cursor, newest first. Indexes are the ones
/// the write path must keep (the unique keys that make events and likes exactly-once) and one per
/// listing; each costs every insert, so there is none beyond what a query reads.
enum PostgreSQLSchema {
    static let migrations = [
        PostgreSQLMigrator.Migration(
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
        PostgreSQLMigrator.Migration(
            name: "0002-heartbeat",
            sql: "CREATE TABLE heartbeat (id integer PRIMARY KEY, checked_at timestamptz NOT NULL);"),
        PostgreSQLMigrator.Migration(
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
    ]
}
