import Foundation
import SQLite
import Testing

@Suite struct SQLiteConnectionTests {
    @Test func errorsCarryCodeMessageAndSQL() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        do {
            try connection.execute("SELECT * FROM missing_table")
            Issue.record("no error")
        } catch {
            #expect(error.primary == .error)
            #expect(error.message.contains("no such table: missing_table"))
            #expect(error.sql == "SELECT * FROM missing_table")
        }
        #expect(throws: SQLiteError.self) { try connection.prepare("SELEC 1") }
    }

    /// Text is bound from the string's own bytes with their length: empty text stays text (not
    /// NULL), and small, long, non-ASCII and NUL-holding strings come back byte for byte.
    @Test func boundTextComesBackExactlyAndEmptyIsNotNull() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        let echo = try connection.prepare("SELECT ?1, typeof(?1), length(CAST(?1 AS BLOB))")
        for text in ["", "a", "short ascii", String(repeating: "long é🙂 ", count: 200), "nul\u{0}inside"] {
            let row = try echo.rows([.text(text)]) { ($0.text(at: 0), $0.text(at: 1), $0.integer(at: 2)) }
            #expect(row.first?.0 == text)
            #expect(row.first?.1 == "text")
            #expect(row.first?.2 == Int64(text.utf8.count))
        }
    }

    @Test func constraintViolationsAreReportedWithTheExtendedCode() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute("CREATE TABLE t (k TEXT PRIMARY KEY)")
        let insert = try connection.prepare("INSERT INTO t (k) VALUES (?1)")
        try insert.run([.text("a")])
        do {
            try insert.run([.text("a")])
            Issue.record("duplicate accepted")
        } catch {
            // SQLITE_CONSTRAINT_PRIMARYKEY
            #expect(error.code == 1555)
        }
    }

    @Test func aTransactionRollsBackWhenItsBodyThrows() throws {
        struct Stop: Error {}
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute("CREATE TABLE t (v INTEGER)")
        #expect(throws: Stop.self) {
            try connection.transaction(.immediate) {
                try connection.execute("INSERT INTO t VALUES (1)")
                throw Stop()
            }
        }
        #expect(connection.isAutocommit)
        #expect(try connection.prepare("SELECT count(*) FROM t").rows { $0.integer(at: 0) } == [0])
    }

    @Test func aPreparedTransactionCommitsAndRollsBackAsOftenAsItIsRun() throws {
        struct Stop: Error {}
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute("CREATE TABLE t (v INTEGER)")
        let transaction = try SQLiteTransaction(on: connection, kind: .immediate)
        let insert = try connection.prepare("INSERT INTO t VALUES (?1)")
        for round in 1...3 {
            try transaction.run { try insert.run([.integer(Int64(round))]) }
            #expect(connection.isAutocommit)
            #expect(throws: Stop.self) {
                try transaction.run {
                    try insert.run([.integer(-1)])
                    throw Stop()
                }
            }
            #expect(connection.isAutocommit)
        }
        #expect(try connection.prepare("SELECT v FROM t ORDER BY v").rows { $0.integer(at: 0) } == [1, 2, 3])
    }

    @Test func bindsAndReadsTextExactly() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        let text = "NUL\u{0}inside, emoji 👍🏽, RTL שלום"
        let rows = try connection.prepare("SELECT ?1, ?2, ?3").rows([.text(text), .integer(-7), .null]) {
            ($0.text(at: 0), $0.integer(at: 1), $0.text(at: 2))
        }
        #expect(rows.first?.0 == text)
        #expect(rows.first?.1 == -7)
        #expect(rows.first?.2 == nil)
    }
}
