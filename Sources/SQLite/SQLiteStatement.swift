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
                // SQLite copies the bytes at once (transient) and takes their length, so the
                // string's own UTF-8 serves, with no NUL-terminated copy. An empty buffer may have
                // no address, which SQLite would bind as NULL: "" binds empty text instead.
                var text = text
                let code = text.withUTF8 { buffer in
                    buffer.isEmpty
                        ? actionhub_sqlite3_bind_text_transient(handle, index, "", 0)
                        : buffer.withMemoryRebound(to: CChar.self) {
                            actionhub_sqlite3_bind_text_transient(handle, index, $0.baseAddress, Int32($0.count))
                        }
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
    /// Inlinable, so the caller's copy is specialized for its row type: unspecialized, every row
    /// was appended through generic value witnesses.
    @inlinable
    public func rows<Row>(_ values: [SQLiteValue] = [], _ row: (SQLiteStatement) -> Row) throws(SQLiteError) -> [Row] {
        try bind(values)
        var rows: [Row] = []
        while try step() {
            rows.append(row(self))
        }
        try reset()
        return rows
    }

    /// Binds, then hands each row to `row` until it returns false or the rows run out, then resets.
    @inlinable
    public func forEachRow(_ values: [SQLiteValue] = [], _ row: (SQLiteStatement) -> Bool) throws(SQLiteError) {
        try bind(values)
        while try step(), row(self) {}
        try reset()
    }

    /// Releases the statement's read of the database once its rows are read.
    @usableFromInline
    func reset() throws(SQLiteError) {
        try check(sqlite3_reset(handle))
    }

    /// <https://www.sqlite.org/c3ref/column_blob.html>
    public func text(at column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(handle, column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The column's text as UTF-8 without a copy, borrowed from SQLite: valid only until the
    /// statement steps or resets, so it is read inside the row's closure. Empty for NULL.
    public func bytes(at column: Int32) -> UnsafeBufferPointer<UInt8> {
        guard let start = sqlite3_column_text(handle, column) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: start, count: Int(sqlite3_column_bytes(handle, column)))
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
