import PostgreSQL

/// A connection that is opened on first use, and opened again on the next use after it was lost,
/// with its settings made and statements prepared each time. Used by one thread at a time.
final class Session {
    private let url: String
    private let settings: [String]
    private let statements: [(name: String, sql: String)]
    private var current: PostgreSQLConnection?

    init(url: String, settings: [String] = [], statements: [(name: String, sql: String)]) {
        self.url = url
        self.settings = settings
        self.statements = statements
    }

    /// Runs `body` on the connection. A failure inside an open transaction rolls it back; a lost
    /// connection is dropped, so the next call connects afresh.
    func withConnection<Result>(_ body: (PostgreSQLConnection) throws -> Result) throws -> Result {
        let connection = try connect()
        do {
            return try body(connection)
        } catch {
            if !connection.isConnected {
                current = nil
            } else if connection.isInTransaction {
                do { try connection.execute("ROLLBACK") } catch { current = nil }
            }
            throw error
        }
    }

    private func connect() throws -> PostgreSQLConnection {
        if let current, current.isConnected { return current }
        current = nil
        let connection = try PostgreSQLConnection(url: url)
        for setting in settings { try connection.execute(setting) }
        for statement in statements { try connection.prepare(statement.name, statement.sql) }
        current = connection
        return connection
    }
}
