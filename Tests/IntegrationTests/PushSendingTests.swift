import Basics
import Foundation
import HTTPClient
import JSON
import TestSupport
import Testing

/// Pushes sent through `actionhub serve` to the APNs stand-in (`scripts/apns-standin`: HTTP/2 over
/// TLS, the JWT's signature, headers and payload checked), on SQLite and on PostgreSQL.
@Suite("Pushes to APNs", .serialized)
struct PushSendingTests {
    enum Database: String, CaseIterable, Sendable {
        case sqlite, postgresql
    }

    /// A server sending to `standIn`; with `restarting`, another on that one's database.
    static func server(_ database: Database, _ standIn: APNsStandIn, restarting: ServerProcess? = nil) throws
        -> ServerProcess
    {
        let url =
            try restarting?.databasePath ?? (database == .postgresql ? PostgreSQLCluster.shared().makeDatabase() : nil)
        return try ServerProcess(
            databasePath: url, arguments: ["--rate-limit", "0", "--log-level", "warning"] + standIn.serveArguments(),
            adminKey: restarting?.adminKey)
    }

    /// A token whose first byte tells the stand-in how to answer (see scripts/apns-standin).
    static func token(_ kind: String) -> String {
        kind + (0..<31).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
    }

    static func register(_ token: String, user: String, on server: ServerProcess) throws {
        let body =
            #"{"token": "\#(token)", "userId": "\#(user)", "environment": "sandbox", "topic": "\#(APNsStandIn.topic)"}"#
        let response = try server.client.send(
            method: "POST", path: "/v1/devices", headers: [("Content-Type", "application/json")], body: Array(body.utf8)
        )
        #expect(response.status == 201, "\(String(decoding: response.body, as: UTF8.self))")
    }

    static func send(_ body: String, to server: ServerProcess, headers: [(name: String, value: String)] = [])
        throws -> (status: Int, body: JSONValue)
    {
        let response = try server.client.send(
            method: "POST", path: "/v1/pushes", headers: [("Content-Type", "application/json")] + headers,
            body: Array(body.utf8))
        return (response.status, (try? JSONParser().parse(response.body)) ?? .null)
    }

    static func push(_ id: String, on server: ServerProcess) throws -> JSONValue {
        try JSONParser().parse(try server.client.send(method: "GET", path: "/v1/pushes/\(id)").body)
    }

    /// Waits until none of the push's deliveries is queued; its status then.
    static func settled(_ id: String, on server: ServerProcess, within seconds: Double = 60) throws -> JSONValue {
        let deadline = Date().addingTimeInterval(TimingBudget.seconds(seconds))
        var status = try push(id, on: server)
        while status["counts"]?["queued"] != JSONValue(0) && Date() < deadline {
            usleep(100_000)
            status = try push(id, on: server)
        }
        return status
    }

    static func deliveries(_ status: JSONValue) -> [String: (status: String, reason: String?)] {
        var byToken: [String: (String, String?)] = [:]
        for device in status["devices"]?.arrayValue ?? [] {
            byToken[device["token"]?.stringValue ?? ""] = (
                device["status"]?.stringValue ?? "", device["reason"]?.stringValue
            )
        }
        return byToken
    }

    static let socialPost = #"""
        "category": "social_post", "alert": {"title": "Anna", "body": "posted a photo"},
        "userInfo": {"postId": "p-1"}, "mediaUrl": "https://cdn.example.com/p-1.jpg"
        """#

    @Test(arguments: Database.allCases)
    func everyAnswerOfAPNsIsActedOnPerDevice(_ database: Database) throws {
        let standIn = try APNsStandIn()
        let server = try Self.server(database, standIn)
        defer { _ = server.stop() }
        let kinds = [
            "ok": "01", "bad": "0a", "goneBefore": "0b", "goneAfter": "0c", "tooMany": "0d", "fails": "0e",
            "silent": "0f", "expired": "10",
        ]
        var tokens = kinds.mapValues { Self.token($0) }
        for (_, token) in tokens { try Self.register(token, user: "u-1", on: server) }
        tokens["other"] = Self.token("02")
        try Self.register(tokens["other"]!, user: "u-2", on: server)

        let expiration = Timestamp.format(Date().addingTimeInterval(3600))
        let (status, answer) = try Self.send(
            #"{\#(Self.socialPost), "to": {"users": ["u-1", "u-2", "u-1"]}, "collapseId": "post-p-1", "priority": 5, "expiration": "\#(expiration)"}"#,
            to: server)
        #expect(status == 202)
        #expect(answer["devices"] == JSONValue(9))
        let id = try #require(answer["id"]?.stringValue)

        let settled = Self.deliveries(try Self.settled(id, on: server))
        for name in ["ok", "other", "tooMany", "fails", "silent", "expired"] {
            #expect(settled[tokens[name]!]?.status == "sent", "\(name): \(String(describing: settled[tokens[name]!]))")
        }
        #expect(settled[tokens["bad"]!]?.status == "failed")
        #expect(settled[tokens["bad"]!]?.reason == "BadDeviceToken")
        #expect(settled[tokens["goneBefore"]!]?.reason == "Unregistered")
        #expect(settled[tokens["goneAfter"]!]?.reason == "Unregistered")

        // 410 counts only when APNs saw the app go after the device registered.
        let devices = try JSONParser().parse(try server.client.send(method: "GET", path: "/v1/users/u-1/devices").body)
        let states = Dictionary(
            uniqueKeysWithValues: (devices["items"]?.arrayValue ?? []).map {
                ($0["token"]?.stringValue ?? "", $0["state"]?.stringValue ?? "")
            })
        #expect(states[tokens["bad"]!] == "disabled")
        #expect(states[tokens["goneAfter"]!] == "disabled")
        #expect(states[tokens["goneBefore"]!] == "active")
        #expect(states[tokens["ok"]!] == "active")

        let requests = standIn.requests.filter { $0.pushId == id }
        #expect(requests.allSatisfy { $0.failures.isEmpty }, "\(requests.flatMap(\.failures))")
        for name in ["tooMany", "fails", "silent", "expired"] {
            let tries = requests.filter { $0.token == tokens[name]! }
            #expect(tries.count == 2, "\(name): \(tries.map(\.status))")
            #expect(Set(tries.map(\.apnsId)).count == 1, "\(name): the apns-id changed between attempts")
        }
        #expect(requests.filter { $0.token == tokens["silent"]! }.first?.status == nil)
        // One provider token for every request, and one more after ExpiredProviderToken: never per request.
        #expect(Set(requests.map(\.authorization)).count == 2)
        let expiredTries = requests.filter { $0.token == tokens["expired"]! }
        #expect(expiredTries.first?.authorization != expiredTries.last?.authorization)
        // Many streams on one connection: the first round all went on the same.
        #expect(Set(requests.prefix(9).map(\.connection)).count == 1)

        let first = try #require(requests.first { $0.token == tokens["ok"]! })
        #expect(first.priority == "5")
        #expect(first.collapseId == "post-p-1")
        #expect(
            first.expiration.flatMap { Int($0) }.map { abs($0 - Int(Date().timeIntervalSince1970) - 3600) < 120 }
                == true)
        #expect(first.payload?["aps"]?["category"] == .string("social_post"))
        #expect(first.payload?["aps"]?["mutable-content"] == JSONValue(1))
        #expect(first.payload?["aps"]?["alert"]?["title"] == .string("Anna"))
        #expect(first.payload?["media-url"] == .string("https://cdn.example.com/p-1.jpg"))
        #expect(first.payload?["postId"] == .string("p-1"))

        // Disabled devices get nothing more.
        let (_, again) = try Self.send(#"{\#(Self.socialPost), "to": {"users": ["u-1"]}}"#, to: server)
        #expect(again["devices"] == JSONValue(6))
        let secondId = try #require(again["id"]?.stringValue)
        _ = try Self.settled(secondId, on: server)
        let secondTokens = Set(standIn.requests.filter { $0.pushId == secondId }.map(\.token))
        #expect(!secondTokens.contains(tokens["bad"]!) && !secondTokens.contains(tokens["goneAfter"]!))
        #expect(secondTokens.contains(tokens["goneBefore"]!))

        // The stand-in answers the first request of each push to those tokens so again; the disabled
        // devices were asked once.
        let metrics = String(decoding: try server.client.send(method: "GET", path: "/metrics").body, as: UTF8.self)
        #expect(metrics.contains(#"actionhub_push_attempts_total{result="BadDeviceToken"} 1"#))
        #expect(metrics.contains(#"actionhub_push_attempts_total{result="timeout"} 2"#))
        #expect(metrics.contains(#"actionhub_push_attempts_total{result="TooManyRequests"} 2"#))
        #expect(metrics.contains("actionhub_push_request_duration_seconds_count"))
        #expect(metrics.contains("actionhub_push_queued_deliveries 0"))
    }
}
