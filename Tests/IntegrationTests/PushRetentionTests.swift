import Foundation
import JSON
import TestSupport
import Testing

/// `--retain-deliveries` covers pushes too: a push created longer ago goes with its settled
/// deliveries (they name the user's device); one still being retried stays until it settles.
@Suite("Push retention", .serialized)
struct PushRetentionTests {
    @Test(arguments: PushSendingTests.Database.allCases)
    func settledPushesOlderThanTheRetentionArePrunedAtStart(_ database: PushSendingTests.Database) throws {
        let standIn = try APNsStandIn()
        let sending = try PushSendingTests.server(database, standIn)
        try PushSendingTests.register(PushSendingTests.token("01"), user: "u-1", on: sending)
        let body = #"{\#(PushSendingTests.socialPost), "to": {"users": ["u-1"]}}"#
        let sent = try #require(try PushSendingTests.send(body, to: sending).body["id"]?.stringValue)
        #expect(try PushSendingTests.settled(sent, on: sending)["counts"]?["sent"] == JSONValue(1))
        #expect(sending.stop() == 0)

        // A key APNs refuses: this push stays queued, retried.
        let refused = standIn.serveArguments().map { $0 == APNsStandIn.keyId ? "OTHERKEY99" : $0 }
        let retrying = try ServerProcess(
            databasePath: sending.databasePath, arguments: ["--rate-limit", "0"] + refused,
            adminKey: sending.adminKey)
        let queued = try #require(try PushSendingTests.send(body, to: retrying).body["id"]?.stringValue)
        #expect(standIn.waitFor(within: 10) { $0.contains { $0.pushId == queued } })
        #expect(retrying.stop() == 0)
        Thread.sleep(forTimeInterval: 1.5)

        let pruning = try ServerProcess(
            databasePath: sending.databasePath,
            arguments: ["--rate-limit", "0", "--retain-deliveries", "1s"] + refused,
            adminKey: sending.adminKey)
        defer { _ = pruning.stop() }
        let deadline = Date().addingTimeInterval(TimingBudget.seconds(10))
        while try pruning.client.send(method: "GET", path: "/v1/pushes/\(sent)").status != 404 && Date() < deadline {
            usleep(50_000)
        }
        #expect(try pruning.client.send(method: "GET", path: "/v1/pushes/\(sent)").status == 404)
        #expect(try PushSendingTests.push(queued, on: pruning)["counts"]?["queued"] == JSONValue(1))
    }
}
