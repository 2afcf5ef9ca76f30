import Migrations

extension SQLiteConnection: MigrationTarget {
    /// `BEGIN IMMEDIATE` takes the write lock first, so two processes do not both migrate.
    public func inMigrationTransaction<Result>(_ body: () throws -> Result) throws -> Result {
        try transaction(.immediate, body)
    }

    public func appliedMigrationNames() throws -> [String] {
        try execute("CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)")
        return try prepare("SELECT name FROM schema_migrations").rows { $0.text(at: 0) ?? "" }
    }

    public func apply(_ migration: Migration) throws {
        try execute(migration.sql)
        try prepare("INSERT INTO schema_migrations (name, applied_at) VALUES (?1, strftime('%Y-%m-%dT%H:%M:%fZ'))")
            .run([.text(migration.name)])
    }
}
