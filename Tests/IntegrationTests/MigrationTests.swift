import Foundation
import HTTPClient
import JSON
import PostgreSQL
import TestSupport
import Testing

/// A database written by the previous release (`scripts/make-migration-fixture a2ba4dc`) opens
/// with this build on both stores, migrates, answers its old history byte for byte, and takes
/// new events of any category.
@Suite("Databases of the previous release")
struct MigrationTests {
    static let release = "a2ba4dc"
    static let fixture = ActionHubExecutable.packageRoot.appendingPathComponent(
        "Tests/IntegrationTests/Migration/\(release)")

    struct Recorded {
        var adminKey: String
        var answers: [(path: String, status: Int, body: String)]
    }

    static func recorded(_ store: String) throws -> Recorded {
        let document = try JSONParser().parse(
            Array(try Data(contentsOf: fixture.appendingPathComponent("\(store)-answers.json"))))
        return Recorded(
            adminKey: document["adminKey"]?.stringValue ?? "",
            answers: (document["answers"]?.arrayValue ?? []).map {
                ($0["path"]?.stringValue ?? "", $0["status"]?.intValue ?? 0, $0["body"]?.stringValue ?? "")
            })
    }

    /// Every recorded read answers as the previous release did, and the database takes new events.
    func expectTheSameHistory(_ server: ServerProcess, _ recorded: Recorded) throws {
        #expect(recorded.answers.count == 22)
        for answer in recorded.answers {
            let response = try server.client.send(method: "GET", path: answer.path)
            #expect(response.status == answer.status, "\(answer.path)")
            #expect(response.text == answer.body, "\(answer.path)")
        }
        let like = try respond(server, "like", category: "social_post", userInfo: #""postId": "p-1""#)
        #expect(like.status == 201)
        let liked = try JSONParser().parse(like.body)
        #expect(liked["result"]?["likeCount"] == JSONValue(4))
        #expect(liked["subject"] == .object(["key": .string("postId"), "id": .string("p-1")]))
        let accept = try respond(server, "accept", category: "meeting_invite", userInfo: #""meetingId": "m-1""#)
        #expect(accept.status == 201)
        #expect(try JSONParser().parse(accept.body)["result"]?["counts"]?["yes"] == JSONValue(1))
    }

    func respond(_ server: ServerProcess, _ action: String, category: String, userInfo: String) throws
        -> HTTPClientResponse
    {
        try server.client.send(
            method: "POST", path: "/v1/responses", headers: [("Content-Type", "application/json")],
            body: Array(
                #"""
                {"id": "\#(UUID().uuidString)", "actionIdentifier": "\#(action)", "userId": "u-9",
                 "notification": {"identifier": "push-1", "categoryIdentifier": "\#(category)",
                   "date": "2026-12-03T09:00:00Z", "userInfo": {\#(userInfo)}}}
                """#.utf8))
    }

    @Test func aSQLiteDatabaseOfThePreviousReleaseMigratesAndAnswersAsBefore() throws {
        let directory = TemporaryDirectory.make()
        let path = directory.appendingPathComponent("actionhub.sqlite").path
        try FileManager.default.copyItem(
            atPath: Self.fixture.appendingPathComponent("actionhub.sqlite").path, toPath: path)
        let recorded = try Self.recorded("sqlite")
        let server = try ServerProcess(
            databasePath: path,
            arguments: ["--signing-secret", ServerProcess.postgreSQLSigningSecret, "--rate-limit", "0"],
            adminKey: recorded.adminKey)
        try expectTheSameHistory(server, recorded)
        #expect(server.stop() == 0)
    }

    @Test func aPostgreSQLDatabaseOfThePreviousReleaseMigratesAndAnswersAsBefore() throws {
        let url = try PostgreSQLCluster.shared().makeDatabase()
        let dump = try String(contentsOf: Self.fixture.appendingPathComponent("postgresql.sql"), encoding: .utf8)
        let connection = try PostgreSQLConnection(url: url)
        try connection.execute(dump)
        // The feed orders events by the transaction ids of the cluster that wrote them, and shows
        // only those older than every running transaction: a dump restored into a younger
        // cluster (this test's) would hide them until its own ids pass theirs. An upgrade in place
        // keeps its cluster, so the ids are moved on here as they would be there.
        let newest = try connection.query("SELECT max(txid)::text FROM public.responses").text(row: 0, column: 0) ?? "0"
        while try connection.query("SELECT pg_current_xact_id()::text::bigint > \(newest)::bigint").text(
            row: 0, column: 0)
            == "f"
        {}
        let recorded = try Self.recorded("postgresql")
        let server = try ServerProcess(
            databasePath: url, arguments: ["--rate-limit", "0"], adminKey: recorded.adminKey)
        try expectTheSameHistory(server, recorded)
        let migrations = try PostgreSQLConnection(url: url).query("SELECT count(*) FROM schema_migrations")
        #expect(migrations.integer(row: 0, column: 0) == 18)
        #expect(server.stop() == 0)
    }
}
