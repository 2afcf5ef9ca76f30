/// BEGIN, COMMIT and ROLLBACK prepared once, for a connection that runs many short transactions
/// (a reader serving listings): `SQLiteConnection.transaction` parses them again on every call.
public final class SQLiteTransaction {
    private let connection: SQLiteConnection
    private let begin: SQLiteStatement
    private let commit: SQLiteStatement
    private let rollback: SQLiteStatement

    public init(on connection: SQLiteConnection, kind: SQLiteConnection.TransactionKind = .deferred)
        throws(SQLiteError)
    {
        self.connection = connection
        begin = try connection.prepare("BEGIN \(kind.rawValue)")
        commit = try connection.prepare("COMMIT")
        rollback = try connection.prepare("ROLLBACK")
    }

    /// Runs `body` in one transaction, as `SQLiteConnection.transaction` does.
    public func run<Result>(_ body: () throws -> Result) throws -> Result {
        try connection.inTransaction(
            begin: { () throws(SQLiteError) in try begin.run() },
            commit: { () throws(SQLiteError) in try commit.run() },
            rollback: { () throws(SQLiteError) in try rollback.run() }, body)
    }
}
