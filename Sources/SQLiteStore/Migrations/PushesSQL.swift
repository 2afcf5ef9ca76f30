/// Pushes and their outbox: one delivery row per (push, device), sent by the APNs sender.
enum PushesSQL {
    static let tables = """
        CREATE TABLE pushes (
            position INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            category TEXT NOT NULL,
            payload TEXT NOT NULL,
            collapse_id TEXT,
            expiration INTEGER,
            priority INTEGER NOT NULL,
            idempotency_key TEXT UNIQUE,
            request_hash TEXT NOT NULL,
            created_at TEXT NOT NULL
        );
        CREATE TABLE push_deliveries (
            sequence INTEGER PRIMARY KEY,
            push_position INTEGER NOT NULL,
            token TEXT NOT NULL,
            user_id TEXT NOT NULL,
            status TEXT NOT NULL DEFAULT 'queued',
            reason TEXT,
            attempts INTEGER NOT NULL DEFAULT 0,
            due_at INTEGER NOT NULL,
            sent_at INTEGER,
            UNIQUE (push_position, token)
        );
        CREATE INDEX push_deliveries_due ON push_deliveries (due_at, sequence) WHERE status = 'queued';
        CREATE INDEX push_deliveries_by_user ON push_deliveries (user_id);
        """

    /// Receipts, and what the funnel reads: a category's pushes by time, and the responses that
    /// carry a push's id back. A virtual column, indexed where set: SQLite (3.40) leaves an
    /// index on the expression itself unused in a join, and scanned every response instead.
    static let funnel = """
        ALTER TABLE push_deliveries ADD COLUMN delivered_at INTEGER;
        CREATE INDEX pushes_by_category ON pushes (category, created_at);
        ALTER TABLE responses ADD COLUMN push_id TEXT
            GENERATED ALWAYS AS (json_extract(notification, '$.userInfo."actionhub-push"')) VIRTUAL;
        CREATE INDEX responses_by_push ON responses (push_id) WHERE push_id IS NOT NULL;
        """
}
