/// A failure reported by libpq or the server, with the SQLSTATE when the server sent one.
public struct PostgreSQLError: Error, Sendable, CustomStringConvertible {
    /// The five-character SQLSTATE, empty when the failure happened in libpq (no server answer).
    public var code: String
    public var message: String
    /// The statement that failed, if any.
    public var sql: String?
    /// The connection is gone: the server closed it, restarted or cannot be reached.
    public var isConnectionLost: Bool

    public init(code: String, message: String, sql: String? = nil, isConnectionLost: Bool = false) {
        self.code = code
        self.message = message
        self.sql = sql
        self.isConnectionLost = isConnectionLost
    }

    /// Another transaction won a lock cycle or a serialization conflict: running it again may succeed.
    public var isRetryable: Bool { code == "40P01" || code == "40001" }

    public var description: String {
        let state = code.isEmpty ? "" : " [\(code)]"
        let statement = sql.map { " in: \($0)" } ?? ""
        return "PostgreSQL\(state): \(message)\(isConnectionLost ? " (connection lost)" : "")\(statement)"
    }
}
