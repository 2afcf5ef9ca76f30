import CSQLite

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// One open SQLite database connection, closed when the object goes.
///
/// Opened in multi-thread mode (`SQLITE_OPEN_NOMUTEX`): the owner must not use a connection, or
/// its statements, from two threads at once.
public final class SQLiteConnection {
    public enum Mode: Sendable {
        case readWriteCreate
        case readOnly
    }

    let handle: OpaquePointer
    public let path: String

    /// <https://www.sqlite.org/c3ref/open.html>
    public init(path: String, mode: Mode = .readWriteCreate) throws(SQLiteError) {
        var handle: OpaquePointer?
        let access =
            switch mode {
            case .readWriteCreate: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
            case .readOnly: SQLITE_OPEN_READONLY
            }
        let flags = access | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            if let handle { sqlite3_close_v2(handle) }
            throw SQLiteError(code: code, message: message)
        }
        self.handle = handle
        self.path = path
        let handlerCode = sqlite3_busy_handler(handle, Self.waitWhileBusy, nil)
        guard handlerCode == SQLITE_OK else { throw error(code: handlerCode) }
    }

    /// Waits for another connection's write lock for up to about 5 s, looking again every 100 µs
    /// for the first 100 ms, then every millisecond. SQLite's own busy timeout sleeps 1, 2, 5, 10 …
    /// up to 100 ms between looks, which held an event commit up for milliseconds after a short
    /// outbox transaction had long ended. <https://www.sqlite.org/c3ref/busy_handler.html>
    private static let waitWhileBusy: @convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32 = { _, tries in
        guard tries < 1000 + 4900 else { return 0 }
        usleep(tries < 1000 ? 100 : 1000)
        return 1
    }

    deinit {
        // close_v2 defers the close until the last statement is finalized, so order never matters.
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that return no rows. <https://www.sqlite.org/c3ref/exec.html>
    public func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(message)
            throw SQLiteError(code: code, message: text, sql: sql)
        }
    }

    /// <https://www.sqlite.org/c3ref/prepare.html>
    public func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else { throw error(code: code, sql: sql) }
        return SQLiteStatement(handle: statement, connection: self, sql: sql)
    }

    /// The rowid of the last row this connection inserted. <https://www.sqlite.org/c3ref/last_insert_rowid.html>
    public var lastInsertRowid: Int64 {
        sqlite3_last_insert_rowid(handle)
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE. <https://www.sqlite.org/c3ref/changes.html>
    public var changes: Int {
        Int(sqlite3_changes(handle))
    }

    /// False while a transaction is open. <https://www.sqlite.org/c3ref/get_autocommit.html>
    public var isAutocommit: Bool {
        sqlite3_get_autocommit(handle) != 0
    }

    /// Runs `body` in `BEGIN <kind>` … `COMMIT`; rolls back when anything in it throws, including
    /// the COMMIT itself (a failed COMMIT may leave the transaction open).
    public func transaction<Result>(
        _ kind: TransactionKind = .deferred, _ body: () throws -> Result
    ) throws -> Result {
        try inTransaction(
            begin: { () throws(SQLiteError) in try execute("BEGIN \(kind.rawValue)") },
            commit: { () throws(SQLiteError) in try execute("COMMIT") },
            rollback: { () throws(SQLiteError) in try execute("ROLLBACK") }, body)
    }

    func inTransaction<Result>(
        begin: () throws(SQLiteError) -> Void, commit: () throws(SQLiteError) -> Void,
        rollback: () throws(SQLiteError) -> Void, _ body: () throws -> Result
    ) throws -> Result {
        try begin()
        do {
            let result = try body()
            try commit()
            return result
        } catch {
            if !isAutocommit {
                // The first error is the one to report; a failed ROLLBACK leaves the connection
                // to SQLite's automatic rollback.
                try? rollback()
            }
            throw error
        }
    }

    public enum TransactionKind: String, Sendable {
        case deferred = "DEFERRED"
        case immediate = "IMMEDIATE"
    }

    func error(code: Int32, sql: String? = nil) -> SQLiteError {
        SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }
}

extension SQLiteConnection {
    /// Copies this database into `destination` page by page while writers go on: SQLite's online
    /// backup, in one step so the copy is one consistent snapshot. Retries while the source is
    /// locked. <https://www.sqlite.org/backup.html>
    public func backup(into destination: SQLiteConnection) throws(SQLiteError) {
        guard let backup = sqlite3_backup_init(destination.handle, "main", handle, "main") else {
            throw destination.error(code: sqlite3_errcode(destination.handle))
        }
        var step = sqlite3_backup_step(backup, -1)
        while step == SQLITE_BUSY || step == SQLITE_LOCKED {
            sqlite3_sleep(10)
            step = sqlite3_backup_step(backup, -1)
        }
        let finish = sqlite3_backup_finish(backup)
        guard step == SQLITE_DONE else { throw destination.error(code: step) }
        guard finish == SQLITE_OK else { throw destination.error(code: finish) }
    }
}
