/// Applies the migrations a database lacks, in order, in one transaction, recording each in
/// `schema_migrations`: the one migrator of both databases.
public struct Migrator: Sendable {
    public var migrations: [Migration]
    /// Whether a database that knows migrations this build does not is refused. SQLite refuses it
    /// (one process owns the file; an older build must not write a newer schema); PostgreSQL takes
    /// it, since instances of two versions overlap during a rolling upgrade.
    public var refusesUnknownMigrations: Bool

    public init(_ migrations: [Migration], refusesUnknownMigrations: Bool = true) {
        self.migrations = migrations
        self.refusesUnknownMigrations = refusesUnknownMigrations
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
    public func migrate(_ target: some MigrationTarget) throws -> [String] {
        try target.inMigrationTransaction {
            let applied = Set(try target.appliedMigrationNames())
            let unknown = applied.filter { name in !migrations.contains { $0.name == name } }
            if refusesUnknownMigrations && !unknown.isEmpty { throw Failure.unknownMigrations(unknown.sorted()) }
            var appliedNow: [String] = []
            for migration in migrations where !applied.contains(migration.name) {
                try target.apply(migration)
                appliedNow.append(migration.name)
            }
            return appliedNow
        }
    }
}
