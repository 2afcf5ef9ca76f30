import Migrations

extension PostgreSQLConnection: MigrationTarget {
    /// The advisory lock's key: any constant other code on the database does not use.
    static let migrationLockKey = "7462016531"

    /// Under a transaction-scoped advisory lock: instances that start together wait for the one
    /// that migrates, then find nothing to do.
    public func inMigrationTransaction<Result>(_ body: () throws -> Result) throws -> Result {
        try execute("BEGIN")
        do {
            try query("SELECT pg_advisory_xact_lock(\(Self.migrationLockKey))")
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            if isConnected { try? execute("ROLLBACK") }
            throw error
        }
    }

    public func appliedMigrationNames() throws -> [String] {
        try execute(
            """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())
            """)
        let result = try query("SELECT name FROM schema_migrations")
        return result.rows { result.text(row: $0, column: 0) ?? "" }
    }

    public func apply(_ migration: Migration) throws {
        try execute(migration.sql)
        try query("INSERT INTO schema_migrations (name) VALUES ($1)", [migration.name])
    }
}
