import CPostgreSQL
import Foundation

/// One libpq connection. Not thread-safe: used by one thread at a time. Every value travels as
/// text, which keeps the binding simple and is what PostgreSQL parses fastest for short strings.
public final class PostgreSQLConnection {
    let connection: OpaquePointer
    /// Set when a pipeline could not be read to its end: the connection's protocol state is
    /// unknown, so it counts as lost and its owner opens another.
    var isBroken = false

    /// Connects to `url` (any libpq connection string or `postgres://` / `postgresql://` URI).
    /// Settings the URL leaves out get defaults: UTF-8, a 5 s connect timeout, no NOTICE chatter.
    public init(url: String) throws {
        // Defaults come first: with expand_dbname the URL's own parameters override them.
        let settings = [
            ("connect_timeout", "5"), ("client_encoding", "UTF8"), ("application_name", "actionhub"),
            ("options", "-c client_min_messages=warning"), ("dbname", url),
        ]
        let keywords = settings.map { strdup($0.0) }
        let values = settings.map { strdup($0.1) }
        defer { (keywords + values).forEach { free($0) } }
        guard
            let connection = PQconnectdbParams(
                keywords.map { UnsafePointer($0) } + [nil], values.map { UnsafePointer($0) } + [nil], 1)
        else {
            throw PostgreSQLError(code: "", message: "libpq could not allocate a connection", isConnectionLost: true)
        }
        self.connection = connection
        guard PQstatus(connection) == CONNECTION_OK else {
            throw PostgreSQLError(code: "", message: lastError, isConnectionLost: true)
        }
    }

    deinit {
        PQfinish(connection)
    }

    /// False once the server closed the connection or could not be reached.
    public var isConnected: Bool { !isBroken && PQstatus(connection) == CONNECTION_OK }

    /// True between BEGIN and COMMIT/ROLLBACK (also after a failed statement in a transaction).
    public var isInTransaction: Bool { PQtransactionStatus(connection) != PQTRANS_IDLE }

    /// Runs one or more statements without parameters (schema, BEGIN, COMMIT).
    public func execute(_ sql: String) throws {
        _ = try check(PQexec(connection, sql), sql: sql)
    }

    /// Runs one statement with text parameters `$1…`; nil is SQL NULL.
    @discardableResult
    public func query(_ sql: String, _ parameters: [String?] = []) throws -> PostgreSQLResult {
        try withParameters(parameters) { values in
            try check(PQexecParams(connection, sql, Int32(values.count), nil, values, nil, nil, 0), sql: sql)
        }
    }

    /// Parses and plans `sql` once under `name`, for `run(prepared:)`.
    public func prepare(_ name: String, _ sql: String) throws {
        _ = try check(PQprepare(connection, name, sql, 0, nil), sql: sql)
    }

    @discardableResult
    public func run(prepared name: String, _ parameters: [String?] = []) throws -> PostgreSQLResult {
        try withParameters(parameters) { values in
            try check(PQexecPrepared(connection, name, Int32(values.count), values, nil, nil, 0), sql: name)
        }
    }

    var lastError: String {
        PQerrorMessage(connection).map { String(cString: $0) }?.trimmingCharacters(in: .whitespacesAndNewlines)
            ?? "unknown libpq error"
    }

    /// The parameters as NUL-terminated C strings, all in one allocation: a writer binds some
    /// twenty per event, and a C copy of each (a bridged temporary, then `strdup`) was two
    /// allocations a parameter.
    func withParameters<Result>(
        _ parameters: [String?], _ body: ([UnsafePointer<CChar>?]) throws -> Result
    ) throws -> Result {
        var size = 0
        for parameter in parameters { size += (parameter?.utf8.count ?? 0) + 1 }
        return try withUnsafeTemporaryAllocation(of: CChar.self, capacity: max(size, 1)) { text in
            var pointers: [UnsafePointer<CChar>?] = []
            pointers.reserveCapacity(parameters.count)
            var offset = 0
            for parameter in parameters {
                guard var parameter else {
                    pointers.append(nil)
                    continue
                }
                let start = text.baseAddress! + offset
                offset += parameter.withUTF8 { utf8 in
                    utf8.withMemoryRebound(to: CChar.self) { bytes in
                        _ = UnsafeMutableBufferPointer(start: start, count: bytes.count).initialize(from: bytes)
                    }
                    return utf8.count
                }
                text[offset] = 0
                offset += 1
                pointers.append(UnsafePointer(start))
            }
            return try body(pointers)
        }
    }

    func check(_ result: OpaquePointer?, sql: String) throws -> PostgreSQLResult {
        guard let result else {
            throw PostgreSQLError(code: "", message: lastError, sql: sql, isConnectionLost: !isConnected)
        }
        let owned = PostgreSQLResult(result)
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else { throw failure(of: result, sql: sql) }
        return owned
    }

    /// The server's or libpq's error for a failed result.
    func failure(of result: OpaquePointer, sql: String) -> PostgreSQLError {
        let code = PQresultErrorField(result, actionhub_pg_diag_sqlstate).map { String(cString: $0) } ?? ""
        let message = PQresultErrorMessage(result).map { String(cString: $0) } ?? lastError
        return PostgreSQLError(
            code: code, message: message.trimmingCharacters(in: .whitespacesAndNewlines), sql: sql,
            isConnectionLost: !isConnected || code.hasPrefix("08") || code == "57P01")
    }
}
