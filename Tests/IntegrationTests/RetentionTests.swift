import Foundation
import HTTPClient
import JSON
import SQLite
import TestSupport
import Testing

/// `--retain-events` and `--retain-deliveries` as an operator meets them: a bad value stops the
/// start with the flag named, and what is older is pruned when the server starts.
@Suite struct RetentionTests {
    @Test func aMalformedDurationIsRefusedAtStartNamingTheFlagOrVariable() throws {
        let database = TemporaryDirectory.make().appendingPathComponent("db.sqlite").path
        let flag = try ActionHubExecutable.run([
            "serve", "--port", "0", "--database", database, "--retain-events", "5x",
        ])
        #expect(flag.status == 2)
        #expect(
            flag.standardError.hasPrefix(
                "actionhub: --retain-events is \"5x\"; it must be a whole number with s, m, h or d (like 90d, at most "
                    + "36500d), or off"))
        let variable = try ActionHubExecutable.run(
            ["serve", "--port", "0", "--database", database], environment: ["ACTIONHUB_RETAIN_DELIVERIES": "30"])
        #expect(variable.status == 2)
        #expect(variable.standardError.hasPrefix("actionhub: ACTIONHUB_RETAIN_DELIVERIES is \"30\";"))
        #expect(!FileManager.default.fileExists(atPath: database), "nothing was started")
    }

    @Test func eventsOlderThanTheRetentionArePrunedWhenTheServerStarts() throws {
        let first = try ServerProcess(arguments: ["--rate-limit", "0"])
        let old = UUID().uuidString
        #expect(
            try RequestBodies.post(RequestBodies.response(id: old, user: "u-old", text: "old words"), to: first.client)
                .status == 201)
        #expect(
            try RequestBodies.post(RequestBodies.response(user: "u-new", text: "new words"), to: first.client)
                .status == 201)
        #expect(first.stop() == 0)
        // Forty days ago, as the server would have stored it then.
        let connection = try SQLiteConnection(path: first.databasePath)
        let longAgo = Int64(Date().addingTimeInterval(-40 * 86_400).timeIntervalSince1970 * 1000)
        try connection.prepare("UPDATE responses SET received_at = ?1 WHERE id = ?2").run([
            .integer(longAgo), .text(old),
        ])
        try connection.execute("UPDATE replies SET created_at = '2020-01-01T00:00:00.000Z' WHERE user_id = 'u-old'")

        let second = try ServerProcess(
            databasePath: first.databasePath, arguments: ["--rate-limit", "0", "--retain-events", "30d"],
            adminKey: first.adminKey)
        let client = second.client
        var replies: JSONValue = .null
        let deadline = Date().addingTimeInterval(TimingBudget.seconds(20))
        repeat {
            replies = try JSONParser().parse(try client.send(method: "GET", path: "/v1/posts/p-1/replies").body)
            if replies["replyCount"] == JSONValue(1) && second.standardError.contains(#""msg":"pruned""#) { break }
            usleep(50_000)
        } while Date() < deadline
        #expect(replies["items"]?.arrayValue?.map { $0["text"] } == [.string("new words")])
        #expect(try client.send(method: "GET", path: "/v1/responses/\(old)").status == 404)
        #expect(second.standardError.contains(#""msg":"pruned""#))
        #expect(second.stop() == 0)
    }
}
