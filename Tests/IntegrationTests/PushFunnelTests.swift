import Basics
import Foundation
import HTTPClient
import JSON
import TestSupport
import Testing

/// Sent → delivered → acted: devices confirm receipt, the app's responses carry the push's id
/// back, and the funnel counts people and times per button, on SQLite and on PostgreSQL.
@Suite("The push funnel", .serialized)
struct PushFunnelTests {
    static func respond(
        _ action: String, push: String, user: String, respondedAt: Date, text: String? = nil, to server: ServerProcess
    ) throws -> Int {
        var fields = [
            #""id": "\#(UUID().uuidString)""#, #""actionIdentifier": "\#(action)""#, #""userId": "\#(user)""#,
            #""respondedAt": "\#(Timestamp.format(respondedAt))""#,
            #""notification": {"identifier": "n-1", "categoryIdentifier": "social_post", "date": "2026-11-30T09:00:00Z", "userInfo": {"postId": "p-1", "actionhub-push": "\#(push)"}}"#,
        ]
        if let text { fields.append(#""userText": "\#(text)""#) }
        return try RequestBodies.post(Array(("{" + fields.joined(separator: ", ") + "}").utf8), to: server.client)
            .status
    }

    static func delivered(_ push: String, token: String, by client: HTTPClient) throws -> (Int, JSONValue) {
        let response = try client.send(
            method: "POST", path: "/v1/pushes/\(push)/delivered", headers: [("Content-Type", "application/json")],
            body: Array(#"{"token": "\#(token)"}"#.utf8))
        return (response.status, (try? JSONParser().parse(response.body)) ?? .null)
    }

    static func client(of user: String, on server: ServerProcess) throws -> HTTPClient {
        let minted = try server.client.send(
            method: "POST", path: "/v1/tokens", headers: [("Content-Type", "application/json")],
            body: Array(#"{"userId": "\#(user)"}"#.utf8))
        var client = server.anonymousClient
        client.defaultHeaders = [
            ("Authorization", "Bearer \(try JSONParser().parse(minted.body)["token"]?.stringValue ?? "")")
        ]
        return client
    }

    static func number(_ value: JSONValue?) -> Double? {
        guard case .number(let literal) = value else { return nil }
        return Double(literal)
    }

    @Test(arguments: PushSendingTests.Database.allCases)
    func theFunnelCountsSentDeliveredAndActedPerButton(_ database: PushSendingTests.Database) throws {
        let standIn = try APNsStandIn()
        let server = try PushSendingTests.server(database, standIn)
        defer { _ = server.stop() }
        var tokens: [String: String] = [:]
        for (user, kind) in [("u-1", "01"), ("u-2", "02"), ("u-3", "03"), ("u-4", "0a")] {
            tokens[user] = PushSendingTests.token(kind)
            try PushSendingTests.register(tokens[user]!, user: user, on: server)
        }
        let (_, answer) = try PushSendingTests.send(
            #"{\#(PushSendingTests.socialPost), "to": {"users": ["u-1", "u-2", "u-3", "u-4"]}}"#, to: server)
        let id = try #require(answer["id"]?.stringValue)
        _ = try PushSendingTests.settled(id, on: server)
        let sentBy = Date()

        // Receipts: a user's own device with its token, another's with a key; once each.
        let firstUser = try Self.client(of: "u-1", on: server)
        #expect(try Self.delivered(id, token: tokens["u-1"]!, by: firstUser).1["recorded"] == .bool(true))
        #expect(try Self.delivered(id, token: tokens["u-1"]!, by: firstUser).1["recorded"] == .bool(false))
        #expect(try Self.delivered(id, token: tokens["u-2"]!, by: server.client).0 == 200)
        #expect(try Self.delivered(id, token: tokens["u-2"]!, by: firstUser).0 == 404)
        #expect(try Self.delivered(id, token: PushSendingTests.token("05"), by: server.client).0 == 404)
        #expect(try Self.delivered("no-such-push", token: tokens["u-1"]!, by: server.client).0 == 404)
        #expect(try Self.delivered(id, token: "xyz", by: server.client).0 == 422)

        // u-1 likes 10 s after; u-2 replies after 20 s and likes after 30 s, and likes once more.
        #expect(try Self.respond("like", push: id, user: "u-1", respondedAt: sentBy + 10, to: server) == 201)
        #expect(
            try Self.respond("reply", push: id, user: "u-2", respondedAt: sentBy + 20, text: "Nice", to: server) == 201)
        #expect(try Self.respond("like", push: id, user: "u-2", respondedAt: sentBy + 30, to: server) == 201)
        #expect(try Self.respond("like", push: id, user: "u-2", respondedAt: sentBy + 40, to: server) == 201)
        // A response to no push, and one naming a push that does not exist, count for nothing.
        #expect(try RequestBodies.post(RequestBodies.response(user: "u-3"), to: server.client).status == 201)
        #expect(try Self.respond("like", push: "elsewhere", user: "u-3", respondedAt: sentBy, to: server) == 201)

        let status = try PushSendingTests.push(id, on: server)
        #expect(status["counts"]?["sent"] == JSONValue(3))
        #expect(status["counts"]?["delivered"] == JSONValue(2))

        for path in [
            "/v1/stats/funnel?category=social_post&push=\(id)", "/v1/stats/funnel?category=social_post",
        ] {
            let funnel = try JSONParser().parse(try server.client.send(method: "GET", path: path).body)
            #expect(funnel["sent"] == JSONValue(3), "\(funnel)")
            #expect(funnel["delivered"] == JSONValue(2))
            #expect(funnel["acted"] == JSONValue(2))
            #expect(funnel["actions"]?["like"]?["acted"] == JSONValue(2))
            #expect(funnel["actions"]?["reply"]?["acted"] == JSONValue(1))
            let like = funnel["actions"]?["like"]?["timeToAction"]
            let p50 = try #require(Self.number(like?["p50Seconds"]))
            let p90 = try #require(Self.number(like?["p90Seconds"]))
            // Measured from the send, which came before `sentBy`: at least the offsets given.
            #expect((10...(10 + TimingBudget.seconds(30))).contains(p50), "\(funnel)")
            #expect((30...(30 + TimingBudget.seconds(30))).contains(p90), "\(funnel)")
        }
        // Erasing a user takes their deliveries and responses out of what the funnel counts.
        let receipt = try JSONParser().parse(try server.client.send(method: "DELETE", path: "/v1/users/u-1").body)
        #expect(receipt["counts"]?["pushDeliveries"] == JSONValue(1))
        #expect(receipt["counts"]?["devices"] == JSONValue(1))
        let after = try JSONParser().parse(
            try server.client.send(method: "GET", path: "/v1/stats/funnel?category=social_post&push=\(id)").body)
        #expect(after["sent"] == JSONValue(2) && after["delivered"] == JSONValue(1) && after["acted"] == JSONValue(1))
        #expect(try PushSendingTests.push(id, on: server)["devices"]?.arrayValue?.count == 3)

        let empty = try JSONParser().parse(
            try server.client.send(
                method: "GET", path: "/v1/stats/funnel?category=social_post&to=2020-01-01T00:00:00Z"
            ).body)
        #expect(empty["sent"] == JSONValue(0) && empty["acted"] == JSONValue(0))
        #expect(
            try server.client.send(method: "GET", path: "/v1/stats/funnel?category=nope").status == 422)
        #expect(
            try server.client.send(
                method: "GET",
                path: "/v1/stats/funnel?category=social_post&from=2027-01-01T00:00:00Z&to=2026-01-01T00:00:00Z"
            ).status == 422)
    }
}
