import CPostgreSQL

/// The rows (or command status) of one statement. Owns the libpq result and frees it.
public final class PostgreSQLResult {
    private let result: OpaquePointer

    init(_ result: OpaquePointer) {
        self.result = result
    }

    deinit {
        PQclear(result)
    }

    public var rowCount: Int { Int(PQntuples(result)) }

    /// Rows the command inserted, updated or deleted.
    public var affectedRows: Int {
        guard let text = PQcmdTuples(result) else { return 0 }
        return Int(String(cString: text)) ?? 0
    }

    /// The value as text (the format every query here asks for); nil for SQL NULL.
    public func text(row: Int, column: Int) -> String? {
        guard PQgetisnull(result, Int32(row), Int32(column)) == 0,
            let value = PQgetvalue(result, Int32(row), Int32(column))
        else { return nil }
        return String(cString: value)
    }

    /// The value's text as bytes without a copy, borrowed from the result: valid only while the
    /// result lives, so keep it alive (`withExtendedLifetime`) for as long as they are read.
    /// Empty for NULL.
    public func bytes(row: Int, column: Int) -> UnsafeBufferPointer<UInt8> {
        guard let value = PQgetvalue(result, Int32(row), Int32(column)) else {
            return UnsafeBufferPointer(start: nil, count: 0)
        }
        return UnsafeRawPointer(value).withMemoryRebound(to: UInt8.self, capacity: 1) { start in
            UnsafeBufferPointer(start: start, count: Int(PQgetlength(result, Int32(row), Int32(column))))
        }
    }

    public func integer(row: Int, column: Int) -> Int64? {
        text(row: row, column: column).flatMap { Int64($0) }
    }

    /// Every row mapped by `transform`.
    public func rows<Row>(_ transform: (_ row: Int) throws -> Row) rethrows -> [Row] {
        try (0..<rowCount).map(transform)
    }
}
