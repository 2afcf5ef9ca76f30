import API
import ActionHubDomain
import ActionHubTesting
import Auth
import Foundation
import HTTP
import JSON
import Testing

/// The meeting invite through the API: answers name their subject, subjects rank within a window,
/// and a user token sees only its own state.
@Suite struct SubjectAPITests {
    let api: ActionHubAPI
    let admin: String
    let signer: TokenSigner

    init() throws {
        let routesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("routes").path
        let keys = InMemoryKeyStore()
        admin = try KeyIssuer(store: keys).create(name: "test", scopes: [.admin]).secret
        signer = try TokenSigner(secret: Array(repeating: 7, count: 32))
        api = ActionHubAPI(
            service: ResponseService(
                routes: try RouteLoader(handlers: .standard).load(directory: routesDirectory),
                store: InMemoryResponseStore()),
            access: AccessControl(authenticator: Authenticator(keys: keys, tokens: signer)),
            webhooks: InMemoryWebhookRegistry())
    }

    func send(
        _ method: String, _ path: String, query: [(name: String, value: String)] = [], body: String? = nil,
        credential: String? = nil
    ) throws -> (status: Int, json: JSONValue) {
        var headers = [("Authorization", "Bearer \(credential ?? admin)")]
        if body != nil { headers.append(("Content-Type", "application/json")) }
        let response = api.respond(
            to: HTTPRequest(method: method, path: path, query: query, headers: headers, body: Array((body ?? "").utf8))
        ).wait()
        return (response.status, try JSONParser().parse(response.body))
    }

    func respond(_ action: String, user: String, meeting: String) throws -> JSONValue {
        let body = #"""
            {"id": "\#(UUID().uuidString)", "actionIdentifier": "\#(action)", "userId": "\#(user)",
             "notification": {"identifier": "push-1", "categoryIdentifier": "meeting_invite",
               "date": "2026-12-01T09:00:00Z", "userInfo": {"meetingId": "\#(meeting)"}}}
            """#
        let answer = try send("POST", "/v1/responses", body: body)
        #expect(answer.status == 201)
        return answer.json
    }

    @Test func subjectsRankByWhatTheCategoryDeclares() throws {
        for (meeting, users) in [("m-1", 1), ("m-2", 3), ("m-3", 2)] {
            for user in 0..<users { _ = try respond("accept", user: "u-\(user)", meeting: meeting) }
        }
        _ = try respond("decline", user: "u-0", meeting: "m-2")
        _ = try respond("bookmark", user: "u-9", meeting: "m-3")
        let yes = try send(
            "GET", "/v1/stats/subjects", query: [("category", "meeting_invite"), ("by", "choice:rsvp:yes")])
        #expect(yes.status == 200)
        #expect(yes.json["key"] == .string("meetingId"))
        #expect(yes.json["by"] == .string("choice:rsvp:yes"))
        #expect(
            yes.json["subjects"]?.arrayValue?.map { "\($0["id"]?.stringValue ?? ""):\($0["count"]?.intValue ?? 0)" }
                == ["m-2:2", "m-3:2", "m-1:1"])
        let bookmarks = try send(
            "GET", "/v1/stats/subjects",
            query: [("category", "meeting_invite"), ("by", "set:bookmarks"), ("limit", "1")])
        #expect(bookmarks.json["subjects"]?.arrayValue?.map { $0["id"] } == [.string("m-3")])
        let past = try send(
            "GET", "/v1/stats/subjects",
            query: [
                ("category", "meeting_invite"), ("by", "set:bookmarks"), ("from", "2020-01-01T00:00:00Z"),
                ("to", "2020-01-02T00:00:00Z"),
            ])
        #expect(past.json["subjects"] == .array([]))
    }

    @Test func aRankingNamesWhatIsNotDeclared() throws {
        let unknown = try send(
            "GET", "/v1/stats/subjects", query: [("category", "meeting_invite"), ("by", "choice:rsvp:later")])
        #expect(unknown.status == 422)
        #expect(unknown.json["errors"]?.arrayValue?.first?["field"] == .string("by"))
        #expect(
            unknown.json["errors"]?.arrayValue?.first?["message"]
                == .string(
                    "must be one of the category's: set:bookmarks, list:feedback, choice:rsvp:yes, choice:rsvp:no, choice:rsvp:maybe"
                ))
        let missing = try send("GET", "/v1/stats/subjects", query: [("category", "meeting_invite")])
        #expect(missing.status == 422)
        #expect(missing.json["errors"]?.arrayValue?.first?["field"] == .string("by"))
        let noCategory = try send("GET", "/v1/stats/subjects", query: [("category", "shop"), ("by", "set:x")])
        #expect(noCategory.json["errors"]?.arrayValue?.first?["field"] == .string("category"))
    }

    @Test func aUserTokenReadsOnlyItsOwnState() throws {
        _ = try respond("accept", user: "ann", meeting: "m-9")
        let token = try signer.mint(user: "ann", ttl: .seconds(600))
        let own = try send(
            "GET", "/v1/categories/meeting_invite/subjects/m-9", query: [("user", "ann")], credential: token)
        #expect(own.status == 200)
        #expect(own.json["choices"]?["rsvp"]?["value"] == .string("yes"))
        let other = try send(
            "GET", "/v1/categories/meeting_invite/subjects/m-9", query: [("user", "bob")], credential: token)
        #expect(other.status == 403)
        let anonymous = try send("GET", "/v1/categories/meeting_invite/subjects/m-9", credential: "nope")
        #expect(anonymous.status == 401)
    }
}
