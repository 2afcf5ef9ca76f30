import Migrations
import PostgreSQL

/// One ActionHub database on a PostgreSQL server, shared by every instance. Opening it here is
/// the one place it is migrated (instances that start together wait for the one that does); the
/// stores then open their connections to it and never migrate themselves.
public final class PostgreSQLDatabase: Sendable {
    public let url: String

    /// Connects and creates or migrates the schema. Throws when the server cannot be reached, so a
    /// misconfigured instance fails at start-up rather than per request.
    public init(url: String) throws {
        self.url = url
        try Migrator(PostgreSQLSchema.migrations, refusesUnknownMigrations: false).migrate(
            try PostgreSQLConnection(url: url))
    }

    public func responseStore(options: PostgreSQLResponseStore.Options = .init()) -> PostgreSQLResponseStore {
        PostgreSQLResponseStore(database: self, options: options)
    }

    public func webhookStore(connections: Int = 2) -> PostgreSQLWebhookStore {
        PostgreSQLWebhookStore(database: self, connections: connections)
    }

    /// Pushes and their outbox.
    public func pushStore(connections: Int = 2) -> PostgreSQLPushStore {
        PostgreSQLPushStore(database: self, connections: connections)
    }

    public func keyStore(connections: Int = 4) -> PostgreSQLKeyStore {
        PostgreSQLKeyStore(database: self, connections: connections)
    }
}
