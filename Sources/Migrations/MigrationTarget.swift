/// What a database gives the migrator. Each database wrapper conforms its connection.
public protocol MigrationTarget {
    /// Runs `body` in one transaction (all or none) that no other migrator of the same database
    /// runs at the same time: several instances may start at once.
    func inMigrationTransaction<Result>(_ body: () throws -> Result) throws -> Result
    /// The names recorded in `schema_migrations`, creating that table when it is missing.
    func appliedMigrationNames() throws -> [String]
    /// Runs the migration's SQL and records its name.
    func apply(_ migration: Migration) throws
}
