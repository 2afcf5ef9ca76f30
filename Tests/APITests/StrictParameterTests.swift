import API
import Foundation
import HTTP
import JSON
import Testing

/// Enum and boolean parameters refuse an empty or unknown value with a 422 naming the field, as
/// the served OpenAPI document says; a value the routes declare is accepted.
@Suite struct StrictParameterTests {
    static func field(of response: HTTPResponse) -> String? {
        (try? JSONParser().parse(response.body))?["errors"]?.arrayValue?.first?["field"]?.stringValue
    }

    @Test func unknownOrEmptyValuesAre422WithTheirField() throws {
        let world = try ActionHubAPITests()
        let refused: [(String, [(name: String, value: String)], String)] = [
            ("/v1/events", [("category", "")], "category"),
            ("/v1/events", [("category", "nope")], "category"),
            ("/v1/events", [("action", "")], "action"),
            ("/v1/events", [("category", "social_post"), ("action", "accept")], "action"),
            ("/v1/events", [("latest", "")], "latest"),
            ("/v1/users/u-1/responses", [("category", "")], "category"),
            ("/v1/users/u-1/responses", [("action", "nope")], "action"),
            ("/v1/stats", [("category", "social_post"), ("bucket", "")], "bucket"),
            ("/v1/stats/posts", [("category", "social_post"), ("by", "")], "by"),
            ("/v1/stats", [("category", "social_post"), ("to", "")], "to"),
            ("/v1/stats/subjects", [("category", "meeting_invite"), ("by", "set:bookmarks"), ("from", "")], "from"),
        ]
        for (path, query, field) in refused {
            let response = world.get(path, query: query)
            #expect(response.status == 422, "\(path) \(query)")
            #expect(Self.field(of: response) == field, "\(path) \(query)")
        }
        let detail = try JSONParser().parse(world.get("/v1/events", query: [("category", "nope")]).body)
        let message = detail["errors"]?.arrayValue?.first?["message"]?.stringValue ?? ""
        #expect(message.contains("meeting_invite, social_post"))
        for query: [(name: String, value: String)] in [
            [("category", "social_post")], [("category", "meeting_invite"), ("action", "accept")], [("action", "like")],
        ] {
            #expect(world.get("/v1/events", query: query).status == 200, "\(query)")
        }
    }
}
