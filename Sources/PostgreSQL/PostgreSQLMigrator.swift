/// Applies named migrations once each, in order, recording them in `schema_migrations`.
///
/// Several instances may start at once against one database: the whole check-and-apply runs in
/// one transaction under an advisory lock, so exactly one of them migrates and the rest wait and
/// then find nothing to do.
public struct PostgreSQLMigrator: Sendable {
    public struct Migration: Sendable {
        public var name: String
        public var sql: String

        public init(name: String, sql: String) {
            self.name = name
            self.sql = sql
        }
    }

    /// The advisory lock's key: any constant other code on the database does not use.
    static let lockKey = "7462016531"

    public let migrations: [Migration]

    public init(_ migrations: [Migration]) {
        self.migrations = migrations
    }

    /// The names applied by this call.
    @discardableResult
    public func migrate(_ connection: PostgreSQLConnection) throws -> [String] {
        try connection.execute("BEGIN")
        do {
            try connection.query("SELECT pg_advisory_xact_lock(\(Self.lockKey))")
            try connection.execute(
                """
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())
                """)
            let result = try connection.query("SELECT name FROM schema_migrations")
            let applied = Set(result.rows { result.text(row: $0, column: 0) ?? "" })
            var appliedNow: [String] = []
            for migration in migrations where !applied.contains(migration.name) {
                try connection.execute(migration.sql)
                try connection.query("INSERT INTO schema_migrations (name) VALUES ($1)", [migration.name])
                appliedNow.append(migration.name)
            }
            try connection.execute("COMMIT")
            return appliedNow
        } catch {
            if connection.isConnected { try? connection.execute("ROLLBACK") }
            throw error
        }
    }
}
