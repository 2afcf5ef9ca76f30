/// A failed SQLite call: the extended result code, SQLite's message, and the SQL it ran.
/// <https://www.sqlite.org/rescode.html>
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    public var code: Int32
    public var message: String
    public var sql: String?

    public init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// The primary result code (`SQLITE_FULL`, …) without the extended bits.
    public var primaryCode: Int32 { code & 0xFF }

    /// The database is locked by another connection; trying later may work.
    public var isBusy: Bool { primaryCode == 5 || primaryCode == 6 }
    /// The disk or the file system failed the write (`SQLITE_FULL`, `SQLITE_IOERR`, `SQLITE_READONLY`,
    /// `SQLITE_CANTOPEN`): the condition may clear by itself.
    public var isStorageFault: Bool { [13, 10, 8, 14].contains(primaryCode) }

    public var description: String {
        let statement = sql.map { " in \"\($0)\"" } ?? ""
        return "SQLite error \(code): \(message)\(statement)"
    }
}
