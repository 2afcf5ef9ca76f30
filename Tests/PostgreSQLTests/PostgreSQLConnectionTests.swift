import PostgreSQL
import TestSupport
import Testing

@Suite struct PostgreSQLConnectionTests {
    /// Parameters share one buffer: each must arrive whole and separate, NULL stays NULL, and an
    /// empty text stays an empty text.
    @Test func parametersArriveExactlyAsBound() throws {
        let connection = try PostgreSQLConnection(url: try PostgreSQLCluster.shared().makeDatabase())
        let long = String(repeating: "ü✓x", count: 2000)
        let parameters: [String?] = ["a", nil, "", "ü ✓ \"quoted\" \\", long, "last"]
        let sql = "SELECT $1::text, $2::text, $3::text, $4::text, $5::text, $6::text, $2::text IS NULL, $3::text = ''"
        for result in [
            try connection.query(sql, parameters),
            try {
                try connection.prepare("echo", sql)
                return try connection.run(prepared: "echo", parameters)
            }(),
        ] {
            #expect((0..<6).map { result.text(row: 0, column: $0) } == parameters)
            #expect(result.text(row: 0, column: 6) == "t")
            #expect(result.text(row: 0, column: 7) == "t")
        }
        #expect(try connection.query("SELECT 1").text(row: 0, column: 0) == "1")
    }

    /// Results come back in the order sent, prepared and planned statements alike.
    @Test func pipelinedStatementsAnswerInOrder() throws {
        let connection = try PostgreSQLConnection(url: try PostgreSQLCluster.shared().makeDatabase())
        try connection.prepare("double", "SELECT $1::integer * 2")
        let results = try connection.pipeline([
            .sql("SELECT $1::text || '!'", ["first"]), .prepared("double", ["21"]), .sql("SELECT 3"),
        ])
        #expect(results.map { $0.text(row: 0, column: 0) } == ["first!", "42", "3"])
        #expect(try connection.pipeline([]).isEmpty)
        #expect(try connection.query("SELECT 'after'").text(row: 0, column: 0) == "after")
    }

    /// A failed statement throws its error, and nothing pipelined behind it runs: a COMMIT sent
    /// after it leaves the transaction failed, to be rolled back, and the connection goes on.
    @Test func aFailedStatementStopsThePipelineBeforeItsCommit() throws {
        let connection = try PostgreSQLConnection(url: try PostgreSQLCluster.shared().makeDatabase())
        try connection.execute("CREATE TABLE kept (value integer PRIMARY KEY)")
        #expect {
            try connection.pipeline([
                .sql("BEGIN"), .sql("INSERT INTO kept VALUES (1)"), .sql("INSERT INTO kept VALUES (1)"),
                .sql("INSERT INTO kept VALUES (2)"), .sql("COMMIT"),
            ])
        } throws: { ($0 as? PostgreSQLError)?.code == "23505" }
        #expect(connection.isInTransaction)
        #expect(connection.isConnected)
        try connection.execute("ROLLBACK")
        #expect(try connection.query("SELECT count(*) FROM kept").text(row: 0, column: 0) == "0")
        try connection.pipeline([.sql("BEGIN"), .sql("INSERT INTO kept VALUES (3)"), .sql("COMMIT")])
        #expect(try connection.query("SELECT array_agg(value) FROM kept").text(row: 0, column: 0) == "{3}")
    }
}
