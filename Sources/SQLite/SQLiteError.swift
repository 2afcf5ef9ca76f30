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

    public init(_ code: SQLiteResultCode, message: String, sql: String? = nil) {
        self.init(code: code.rawValue, message: message, sql: sql)
    }

    /// The primary result code (`.full`, `.busy`, …) without the extended bits.
    public var primary: SQLiteResultCode { SQLiteResultCode(rawValue: code & 0xFF) }

    /// The database is locked by another connection; trying later may work.
    public var isBusy: Bool { primary == .busy || primary == .locked }
    /// The disk or the file system failed the write (`.full`, `.ioError`, `.readOnly`,
    /// `.cannotOpen`): the condition may clear by itself.
    public var isStorageFault: Bool { [.full, .ioError, .readOnly, .cannotOpen].contains(primary) }

    public var description: String {
        let statement = sql.map { " in \"\($0)\"" } ?? ""
        return "SQLite error \(code): \(message)\(statement)"
    }
}
