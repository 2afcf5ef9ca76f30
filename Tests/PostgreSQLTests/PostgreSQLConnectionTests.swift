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
}
