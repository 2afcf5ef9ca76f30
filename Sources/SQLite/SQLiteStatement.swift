import CSQLite

/// A prepared statement, finalized when the object goes. Reused: `bind` resets it first.
public final class SQLiteStatement {
    let handle: OpaquePointer
    /// Kept alive so the database outlives its statements.
    let connection: SQLiteConnection
    public let sql: String

    init(handle: OpaquePointer, connection: SQLiteConnection, sql: String) {
        self.handle = handle
        self.connection = connection
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Resets the statement and binds `values` to its parameters `?1`, `?2`, …
    /// <https://www.sqlite.org/c3ref/bind_blob.html>
    public func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        try check(sqlite3_reset(handle))
        try check(sqlite3_clear_bindings(handle))
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            switch value {
            case .null:
                try check(sqlite3_bind_null(handle, index))
            case .integer(let integer):
                try check(sqlite3_bind_int64(handle, index, integer))
            case .text(let text):
                let code = text.utf8CString.withUnsafeBufferPointer { buffer in
                    actionhub_sqlite3_bind_text_transient(handle, index, buffer.baseAddress, Int32(buffer.count - 1))
                }
                try check(code)
            }
        }
    }

    /// Advances to the next row: true when there is one. <https://www.sqlite.org/c3ref/step.html>
    public func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            // Reset so the statement releases its read lock even though the caller got an error.
            sqlite3_reset(handle)
            throw connection.error(code: code, sql: sql)
        }
    }

    /// Binds, then steps to completion, for statements that return no rows.
    public func run(_ values: [SQLiteValue] = []) throws(SQLiteError) {
        try bind(values)
        while try step() {}
        try check(sqlite3_reset(handle))
    }

    /// Binds, then collects every row through `row`.
    /// `expected`, when known (a LIMIT), is room made up front, so that the rows are not copied
    /// as the array grows.
    public func rows<Row>(_ values: [SQLiteValue] = [], expected: Int = 0, _ row: (SQLiteStatement) -> Row)
        throws(SQLiteError) -> [Row]
    {
        try bind(values)
        var rows: [Row] = []
        rows.reserveCapacity(expected)
        while try step() {
            rows.append(row(self))
        }
        try check(sqlite3_reset(handle))
        return rows
    }

    /// <https://www.sqlite.org/c3ref/column_blob.html>
    public func text(at column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(handle, column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    public func integer(at column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    /// nil for SQL NULL, which `integer(at:)` reads as 0.
    public func optionalInteger(at column: Int32) -> Int64? {
        sqlite3_column_type(handle, column) == SQLITE_NULL ? nil : sqlite3_column_int64(handle, column)
    }

    private func check(_ code: Int32) throws(SQLiteError) {
        guard code == SQLITE_OK else { throw connection.error(code: code, sql: sql) }
    }
}
