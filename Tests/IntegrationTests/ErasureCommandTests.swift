import Foundation
import HTTPClient
import JSON
import TestSupport
import Testing

/// `actionhub users erase` beside a running server: the receipt on stdout, and the server refuses
/// the erased events from then on although another process erased them.
@Suite struct ErasureCommandTests {
    @Test func theCommandErasesBesideARunningServerWhichThenAnswers410() throws {
        let server = try ServerProcess(arguments: ["--rate-limit", "0"])
        let client = server.client
        let id = UUID().uuidString
        let reply = RequestBodies.response(id: id, user: "u-gone", text: "private words")
        #expect(try RequestBodies.post(reply, to: client).status == 201)
        #expect(try RequestBodies.post(RequestBodies.response(user: "u-kept"), to: client).status == 201)

        let erased = try ActionHubExecutable.run([
            "users", "erase", "--user", "u-gone", "--database", server.databasePath,
        ])
        #expect(erased.status == 0, "\(erased.standardError)")
        let receipt = try JSONParser().parse(Array(erased.standardOutput.utf8))
        #expect(receipt["userId"] == .string("u-gone"))
        #expect(receipt["counts"]?["events"] == JSONValue(1))
        #expect(receipt["counts"]?["replies"] == JSONValue(1))

        let retry = try RequestBodies.post(reply, to: client)
        #expect(retry.status == 410)
        #expect(retry.header("Content-Type") == "application/problem+json")
        let history = try client.send(method: "GET", path: "/v1/users/u-gone/responses")
        #expect(try JSONParser().parse(history.body)["items"] == .array([]))
        let kept = try client.send(method: "GET", path: "/v1/users/u-kept/responses")
        #expect(try JSONParser().parse(kept.body)["items"]?.arrayValue?.count == 1)

        let usage = try ActionHubExecutable.run(["users", "erase", "--database", server.databasePath])
        #expect(usage.status == 2)
        #expect(usage.standardError.hasPrefix("actionhub: users erase needs --user"))
        #expect(server.stop() == 0)
    }

    /// Over real HTTP the export is sent chunked as it is read, and arrives whole.
    @Test func theExportIsStreamedChunkedAndArrivesWhole() throws {
        let server = try ServerProcess(arguments: ["--rate-limit", "0"])
        let client = server.client
        for index in 0..<300 {
            let reply = RequestBodies.response(
                user: "u-big", text: "reply number \(index) " + String(repeating: "x", count: 200))
            #expect(try RequestBodies.post(reply, to: client).status == 201)
        }
        let export = try client.send(method: "GET", path: "/v1/users/u-big/export")
        #expect(export.status == 200)
        #expect(export.header("Transfer-Encoding") == "chunked")
        #expect(export.header("Content-Length") == nil)
        let document = try JSONParser().parse(export.body)
        #expect(document["replies"]?.arrayValue?.count == 300)
        #expect(document["replies"]?.arrayValue?.last?["text"]?.stringValue?.hasPrefix("reply number 299 ") == true)
        #expect(document["events"]?.arrayValue?.count == 300)
        let nobody = try JSONParser().parse(try client.send(method: "GET", path: "/v1/users/u-nobody/export").body)
        #expect(nobody["events"] == .array([]))
        #expect(server.stop() == 0)
    }

    /// The API's erasure on both databases: receipt, 410 for a retry, nothing left to export.
    @Test(arguments: ["sqlite", "postgresql"])
    func theAPIErasesOnBothDatabases(_ database: String) throws {
        let url = database == "postgresql" ? try PostgreSQLCluster.shared().makeDatabase() : nil
        let server = try ServerProcess(databasePath: url, arguments: ["--rate-limit", "0"])
        let client = server.client
        let reply = RequestBodies.response(user: "u-gone", text: "private words")
        #expect(try RequestBodies.post(reply, to: client).status == 201)
        #expect(try RequestBodies.post(RequestBodies.response(user: "u-gone"), to: client).status == 201)
        let erased = try client.send(method: "DELETE", path: "/v1/users/u-gone")
        #expect(erased.status == 200)
        let counts = try JSONParser().parse(erased.body)["counts"]
        #expect(counts?["events"] == JSONValue(2) && counts?["likes"] == JSONValue(1))
        #expect(counts?["replies"] == JSONValue(1))
        #expect(try RequestBodies.post(reply, to: client).status == 410)
        let export = try JSONParser().parse(try client.send(method: "GET", path: "/v1/users/u-gone/export").body)
        #expect(export["events"] == .array([]) && export["replies"] == .array([]))
        let again = try JSONParser().parse(try client.send(method: "DELETE", path: "/v1/users/u-gone").body)
        #expect(again["counts"]?["events"] == JSONValue(0))
        #expect(server.stop() == 0)
    }
}
