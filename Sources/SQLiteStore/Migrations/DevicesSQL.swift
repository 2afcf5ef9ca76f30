/// Registered devices: one row per APNs token, which may move between users.
enum DevicesSQL {
    static let table = """
        CREATE TABLE devices (
            position INTEGER PRIMARY KEY,
            token TEXT NOT NULL UNIQUE,
            user_id TEXT NOT NULL,
            environment TEXT NOT NULL,
            topic TEXT NOT NULL,
            state TEXT NOT NULL DEFAULT 'active',
            reason TEXT,
            registered_at TEXT NOT NULL
        );
        CREATE INDEX devices_by_user ON devices (user_id, position);
        """
}
