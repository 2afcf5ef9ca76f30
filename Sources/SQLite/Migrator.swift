/// Applies the migrations a database lacks, in order and in one transaction (all or none),
/// recording each in `schema_migrations`.
public struct Migrator: Sendable {
    public var migrations: [Migration]

    public init(_ migrations: [Migration]) {
        self.migrations = migrations
    }

    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The database was migrated by a newer build that knows changes this one does not.
        case unknownMigrations([String])

        public var description: String {
            switch self {
            case .unknownMigrations(let names):
                "the database has migrations this build does not know: \(names.joined(separator: ", "))"
            }
        }
    }

    /// Names of the migrations it applied now.
    @discardableResult
    public func migrate(_ connection: SQLiteConnection) throws -> [String] {
        try connection.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)")
        return try connection.transaction(.immediate) {
            let applied = try connection.prepare("SELECT name FROM schema_migrations").rows { $0.text(at: 0) ?? "" }
            let unknown = applied.filter { name in !migrations.contains { $0.name == name } }
            guard unknown.isEmpty else { throw Failure.unknownMigrations(unknown.sorted()) }
            let record = try connection.prepare(
                "INSERT INTO schema_migrations (name, applied_at) VALUES (?1, strftime('%Y-%m-%dT%H:%M:%fZ'))")
            var appliedNow: [String] = []
            for migration in migrations where !applied.contains(migration.name) {
                try connection.execute(migration.sql)
                try record.run([.text(migration.name)])
                appliedNow.append(migration.name)
            }
            return appliedNow
        }
    }
}
