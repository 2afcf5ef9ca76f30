import Foundation
import HTTPClient
import JSON
import TestSupport
import Testing

/// What `POST /v1/pushes` refuses, and how a retry with its `Idempotency-Key` is answered.
@Suite("Push requests", .serialized)
struct PushRequestTests {
    static func field(_ answer: JSONValue) -> String? {
        answer["errors"]?.arrayValue?.first?["field"]?.stringValue
    }

    @Test func withoutAPNsConfiguredAPushIsRefusedNamingTheFlags() throws {
        let server = try ServerProcess(arguments: ["--rate-limit", "0", "--log-level", "warning"])
        defer { _ = server.stop() }
        let (status, answer) = try PushSendingTests.send(
            #"{\#(PushSendingTests.socialPost), "to": {"users": ["u-1"]}}"#, to: server)
        #expect(status == 503)
        #expect(answer["type"] == .string("urn:actionhub:problem:apns-not-configured"))
        #expect(
            answer["missingFlags"]
                == .array(["--apns-key-file", "--apns-key-id", "--apns-team-id"].map(JSONValue.string)))
    }

    @Test func aStartWithPartOfTheAPNsFlagsIsRefused() throws {
        let outcome = try ActionHubExecutable.run([
            "serve", "--port", "0", "--database", TemporaryDirectory.make().appendingPathComponent("a.sqlite").path,
            "--apns-key-id", "KEY1234567",
        ])
        #expect(outcome.status != 0)
        #expect(outcome.standardError.contains("--apns-key-file and --apns-team-id"))
    }

    @Test func badRequestsAreRefusedNamingTheField() throws {
        let standIn = try APNsStandIn()
        let server = try PushSendingTests.server(.sqlite, standIn)
        defer { _ = server.stop() }
        try PushSendingTests.register(PushSendingTests.token("01"), user: "u-1", on: server)
        let to = #""to": {"users": ["u-1"]}"#
        let alert = #""alert": {"title": "Anna", "body": "posted"}"#
        let refused: [(String, String)] = [
            (#"{"category": "nope", \#(alert), \#(to)}"#, "category"),
            (#"{"category": "social_post", \#(alert), \#(to)}"#, "userInfo.postId"),
            (#"{\#(PushSendingTests.socialPost), "to": {"users": []}}"#, "to.users"),
            (#"{\#(PushSendingTests.socialPost)}"#, "to"),
            (#"{\#(PushSendingTests.socialPost), "to": {"devices": ["xyz"]}}"#, "to.devices"),
            (#"{\#(PushSendingTests.socialPost), \#(to), "priority": 7}"#, "priority"),
            (#"{\#(PushSendingTests.socialPost), \#(to), "expiration": "tomorrow"}"#, "expiration"),
            (#"{\#(PushSendingTests.socialPost), \#(to), "colour": "red"}"#, "colour"),
            (#"{"category": "social_post", "alert": {}, "userInfo": {"postId": "p"}, \#(to)}"#, "alert"),
            (
                #"{"category": "social_post", \#(alert), "userInfo": {"postId": "p", "actionhub-push": "x"}, \#(to)}"#,
                "userInfo.actionhub-push"
            ),
            (
                #"{"category": "social_post", "alert": {"title": "A", "body": "\#(String(repeating: "x", count: 4100))"}, "userInfo": {"postId": "p"}, \#(to)}"#,
                "payload"
            ),
        ]
        for (body, field) in refused {
            let (status, answer) = try PushSendingTests.send(body, to: server)
            #expect(status == 422, "\(body.prefix(80)): \(status)")
            #expect(Self.field(answer) == field, "\(body.prefix(80)): \(answer)")
        }
        let (status, _) = try PushSendingTests.send("[1]", to: server)
        #expect(status == 400 || status == 422)

        // A user token may not send.
        let minted = try server.client.send(
            method: "POST", path: "/v1/tokens", headers: [("Content-Type", "application/json")],
            body: Array(#"{"userId": "u-1"}"#.utf8))
        let token = try #require(try JSONParser().parse(minted.body)["token"]?.stringValue)
        var userClient = server.anonymousClient
        userClient.defaultHeaders = [("Authorization", "Bearer \(token)")]
        let byUser = try userClient.send(
            method: "POST", path: "/v1/pushes", headers: [("Content-Type", "application/json")],
            body: Array(#"{\#(PushSendingTests.socialPost), \#(to)}"#.utf8))
        #expect(byUser.status == 403)
        #expect(try server.client.send(method: "GET", path: "/v1/pushes/nope").status == 404)
        #expect(standIn.requests.isEmpty)
    }

    /// A key APNs does not accept (here: another key id than the stand-in's) stops nothing for
    /// good: the push waits for the fix, and the log says why.
    @Test func aKeyAPNsRefusesKeepsThePushQueuedAndTheLogSaysSo() throws {
        let standIn = try APNsStandIn()
        let arguments = standIn.serveArguments().map { $0 == APNsStandIn.keyId ? "OTHERKEY99" : $0 }
        let server = try ServerProcess(arguments: ["--rate-limit", "0", "--log-level", "warning"] + arguments)
        defer { _ = server.stop() }
        try PushSendingTests.register(PushSendingTests.token("01"), user: "u-1", on: server)
        let (_, answer) = try PushSendingTests.send(
            #"{\#(PushSendingTests.socialPost), "to": {"users": ["u-1"]}}"#, to: server)
        let id = try #require(answer["id"]?.stringValue)
        #expect(standIn.waitFor(within: 10) { $0.contains { $0.reason == "InvalidProviderToken" } })
        let deadline = Date().addingTimeInterval(TimingBudget.seconds(10))
        while !server.standardError.contains("APNs cannot be sent to") && Date() < deadline { usleep(50_000) }
        #expect(server.standardError.contains(#""reason":"InvalidProviderToken""#))
        let status = try PushSendingTests.push(id, on: server)
        #expect(status["counts"]?["queued"] == JSONValue(1))
        #expect(status["devices"]?.arrayValue?.first?["reason"] == .string("InvalidProviderToken"))
    }

    @Test func theSameIdempotencyKeyAndBodySendOnceAnotherBodyConflicts() throws {
        let standIn = try APNsStandIn()
        let server = try PushSendingTests.server(.sqlite, standIn)
        defer { _ = server.stop() }
        let token = PushSendingTests.token("01")
        try PushSendingTests.register(token, user: "u-1", on: server)
        let body = #"{\#(PushSendingTests.socialPost), "to": {"users": ["u-1"]}}"#
        let key = [("Idempotency-Key", "campaign-42")]
        let (firstStatus, first) = try PushSendingTests.send(body, to: server, headers: key)
        let (againStatus, again) = try PushSendingTests.send(body, to: server, headers: key)
        #expect(firstStatus == 202 && againStatus == 202)
        #expect(first["id"] != nil && first["id"] == again["id"])
        #expect(again["devices"] == JSONValue(1))
        let id = try #require(first["id"]?.stringValue)
        _ = try PushSendingTests.settled(id, on: server)
        usleep(300_000)
        #expect(standIn.requests.filter { $0.pushId == id }.count == 1)

        let (conflict, problem) = try PushSendingTests.send(
            body.replacingOccurrences(of: "Anna", with: "Bert"), to: server, headers: key)
        #expect(conflict == 409)
        #expect(Self.field(problem) == "Idempotency-Key")
        #expect(standIn.requests.count == 1)
    }
}
