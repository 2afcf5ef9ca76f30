import Basics
import Foundation
import HTTPClient
import JSON
import Synchronization
import TestSupport
import Testing

/// Webhooks from a real server to a receiver that verifies every signature with the
/// `standardwebhooks` package from PyPI.
@Suite("Webhook deliveries to a standardwebhooks receiver")
struct WebhookDeliveryTests {
    static func post(_ count: Int, to client: HTTPClient) throws -> [String] {
        try (0..<count).map { index in
            let id = UUID().uuidString
            let response = try RequestBodies.post(RequestBodies.response(id: id, post: "p-\(index % 3)"), to: client)
            #expect(response.status == 201)
            return id
        }
    }

    @Test func everyEventArrivesSignedAndFailedAttemptsAreRetriedOnSchedule() throws {
        let receiver = try WebhookReceiver(failFirst: 2)
        let server = try ServerProcess(arguments: ["--rate-limit", "0", "--webhook-retry", "1s,1s,1s"])
        let endpoint = try receiver.register(with: server.client)
        let ids = try Self.post(6, to: server.client)

        #expect(receiver.waitFor { _ in receiver.deliveredResponseIds == Set(ids) })
        let attempts = receiver.attempts
        #expect(attempts.allSatisfy { $0.verified })
        // Two refused attempts, then the one that got 204: three per delivery, one webhook-id each,
        // the retries no sooner than the schedule's second.
        for (_, tries) in Dictionary(grouping: attempts, by: \.id) {
            #expect(tries.map(\.number) == [1, 2, 3])
            #expect(tries.map(\.status) == [503, 503, 204])
            #expect(Set(tries.compactMap(\.responseId)).count == 1)
            for (earlier, later) in zip(tries, tries.dropFirst()) { #expect(later.started - earlier.ended >= 0.95) }
        }
        let delivered = try #require(attempts.first { $0.status == 204 }?.payload)
        #expect(delivered["type"] == .string("response.recorded"))
        #expect(delivered["data"]?["notification"]?["categoryIdentifier"] == .string("social_post"))
        #expect(delivered["data"]?["position"]?.intValue != nil)
        #expect(delivered["data"]?["result"] != nil)

        // The CLI sees the same deliveries (results are recorded in the dispatcher's next round),
        // and a redelivery arrives again with its webhook-id.
        var lines: [Substring] = []
        for _ in 0..<100 {
            let listed = try ActionHubExecutable.run([
                "webhooks", "deliveries", endpoint, "--database", server.databasePath,
            ])
            #expect(listed.status == 0)
            lines = listed.standardOutput.split(separator: "\n")
            if lines.count == 6 && lines.allSatisfy({ $0.contains("\tdelivered\t3\t204\t") }) { break }
            usleep(50_000)
        }
        #expect(lines.count == 6 && lines.allSatisfy { $0.contains("\tdelivered\t3\t204\t") })
        let messageId = try #require(lines.first?.split(separator: "\t").first.map(String.init))
        let redelivered = try server.client.send(
            method: "POST", path: "/v1/webhooks/\(endpoint)/deliveries/\(messageId)/redeliver")
        #expect(redelivered.status == 202)
        #expect(receiver.waitFor { $0.contains { $0.id == messageId && $0.number == 4 && $0.status == 204 } })
        #expect(server.stop() == 0)
    }

    /// kill -9 under POST load: whatever was acknowledged reaches the receiver after a restart,
    /// and the outbox drains.
    @Test func killNineUnderLoadLosesNoAcknowledgedDelivery() throws {
        let receiver = try WebhookReceiver()
        // A short timeout keeps the lease of attempts cut off by the kill short.
        let arguments = ["--rate-limit", "0", "--log-level", "error", "--webhook-timeout", "1"]
        let server = try ServerProcess(arguments: arguments)
        _ = try receiver.register(with: server.client)
        let load = PostLoad(clients: 8, to: server.client)
        // Killed once events are being acknowledged and delivered, at a random moment after that.
        load.waitForAcknowledgements(20, within: 30)
        usleep(UInt32.random(in: 100_000...400_000))
        _ = server.stop(signal: SIGKILL)
        load.stop()
        let acknowledgedIds = Set(load.acknowledged)
        #expect(acknowledgedIds.count > 20)

        let restarted = try ServerProcess(
            databasePath: server.databasePath, arguments: arguments, adminKey: server.adminKey)
        #expect(receiver.waitFor { _ in receiver.deliveredResponseIds.isSuperset(of: acknowledgedIds) })
        #expect(receiver.attempts.allSatisfy { $0.verified })
        var drained = false
        for _ in 0..<600 where !drained {
            let metrics = try restarted.client.send(method: "GET", path: "/metrics")
            let samples = try PrometheusText.parse(String(decoding: metrics.body, as: UTF8.self))
            drained = samples.first { $0.name == "actionhub_webhook_pending_deliveries" }?.value == 0
            if !drained { usleep(100_000) }
        }
        #expect(drained)
        #expect(restarted.stop() == 0)
    }

    /// Two instances on one PostgreSQL database: every event delivered, and no delivery attempted
    /// by both at once.
    @Test func twoPostgreSQLInstancesDeliverEveryEventAndNeverTheSameOneAtOnce() throws {
        let receiver = try WebhookReceiver(delayMilliseconds: 20)
        let servers = try PostgreSQLServerTests.twoServers()
        _ = try receiver.register(with: servers[0].client)
        let clients = servers.map(\.client)
        let ids = concurrently(8) { index in (try? Self.post(15, to: clients[index % 2])) ?? [] }.flatMap { $0 }
        #expect(ids.count == 120)

        #expect(receiver.waitFor { _ in receiver.deliveredResponseIds == Set(ids) })
        for (_, tries) in Dictionary(grouping: receiver.attempts, by: \.id) {
            let ordered = tries.sorted { $0.started < $1.started }
            for (earlier, later) in zip(ordered, ordered.dropFirst()) { #expect(later.started >= earlier.ended) }
        }
        for server in servers { #expect(server.stop() == 0) }
    }

    /// An endpoint nobody listens on: its deliveries fail after the schedule, the metrics say so,
    /// and the service stays ready.
    @Test func aDeadEndpointFailsItsDeliveriesAndTheServiceStaysReady() throws {
        // Port 1 (tcpmux): nothing listens there. A port freed by a stopped server was taken by
        // another test's server running alongside, which then answered the attempts.
        let deadURL = "http://127.0.0.1:1/gone"
        let server = try ServerProcess(arguments: [
            "--rate-limit", "0", "--webhook-retry", "100ms,100ms", "--webhook-timeout", "1", "--log-level", "error",
        ])
        let created = try server.client.send(
            method: "POST", path: "/v1/webhooks", headers: [("Content-Type", "application/json")],
            body: Array(#"{"url": "\#(deadURL)"}"#.utf8))
        #expect(created.status == 201)
        let endpoint = try #require(try JSONParser().parse(created.body)["id"]?.stringValue)
        _ = try Self.post(2, to: server.client)

        var failed: [JSONValue] = []
        for _ in 0..<300 where failed.count < 2 {
            let listed = try server.client.send(
                method: "GET", path: "/v1/webhooks/\(endpoint)/deliveries?status=failed")
            failed = try JSONParser().parse(listed.body)["items"]?.arrayValue ?? []
            if failed.count < 2 { usleep(50_000) }
        }
        #expect(failed.count == 2)
        #expect(failed.allSatisfy { $0["attempts"] == JSONValue(3) && $0["lastStatusCode"] == .null })
        #expect(try server.client.send(method: "GET", path: "/readyz").status == 200)
        let metrics = try PrometheusText.parse(
            String(decoding: try server.client.send(method: "GET", path: "/metrics").body, as: UTF8.self))
        let attempts = metrics.filter {
            $0.name == "actionhub_webhook_attempts_total" && $0.labels["endpoint"] == endpoint
        }
        #expect(attempts.first { $0.labels["outcome"] == "failed" }?.value == 2)
        #expect(attempts.first { $0.labels["outcome"] == "retried" }?.value == 4)
        #expect(server.stop() == 0)
    }
}
