import SQLite

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
    ]
}
