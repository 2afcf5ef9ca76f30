import API
import Auth
import Basics
import Foundation
import HTTP
import JSON
import Testing

extension ActionHubAPITests {
    func get(_ path: String, query: [(name: String, value: String)], key: String) -> HTTPResponse {
        api.respond(
            to: HTTPRequest(method: "GET", path: path, query: query, headers: [("Authorization", "Bearer \(key)")])
        ).wait()
    }

    @Test func statsCountResponsesAndDistinctUsersPerBucket() throws {
        for user in ["u-1", "u-2", "u-1"] { #expect(post(Self.like(user: user)).status == 201) }
        let now = Timestamp.milliseconds()
        let stats = try json(
            get(
                "/v1/stats",
                query: [
                    ("category", "social_post"), ("bucket", "minute"),
                    ("from", Timestamp.format(milliseconds: now - 4 * 60_000)),
                    ("to", Timestamp.format(milliseconds: now + 60_000)),
                ]))
        #expect(stats["category"] == .string("social_post"))
        #expect(stats["bucket"] == .string("minute"))
        #expect(stats["buckets"]?.arrayValue?.count == 6)
        // The third like is u-1 liking p-1 again: a response of the like action, not a new like.
        #expect(stats["totals"]?["like"] == .object(["count": JSONValue(3), "users": JSONValue(2)]))
        let counted = stats["buckets"]?.arrayValue?.compactMap { $0["actions"]?["like"]?["count"]?.integralValue }
        #expect(counted?.reduce(0, +) == 3)
        let posts = try json(get("/v1/stats/posts", query: [("category", "social_post"), ("by", "likes")]))
        #expect(
            posts["posts"]
                == .array([.object(["postId": .string("p-1"), "likes": JSONValue(2), "replies": JSONValue(0)])]))
        #expect(try json(get("/v1/stats", query: [("category", "social_post")]))["bucket"] == .string("hour"))
    }

    @Test func statsRefuseWhatTheyCannotAnswerNamingTheField() throws {
        try expectProblem(get("/v1/stats"), status: 422, field: "category")
        try expectProblem(get("/v1/stats", query: [("category", "no_such")]), status: 422, field: "category")
        try expectProblem(
            get("/v1/stats", query: [("category", "social_post"), ("bucket", "week")]), status: 422, field: "bucket")
        try expectProblem(
            get("/v1/stats", query: [("category", "social_post"), ("from", "yesterday")]), status: 422, field: "from")
        try expectProblem(
            get(
                "/v1/stats",
                query: [("category", "social_post"), ("from", "2026-12-01T10:00:00Z"), ("to", "2026-12-01T09:00:00Z")]),
            status: 422, field: "from")
        try expectProblem(
            get(
                "/v1/stats",
                query: [
                    ("category", "social_post"), ("bucket", "minute"), ("from", "2026-11-01T00:00:00Z"),
                    ("to", "2026-12-01T00:00:00Z"),
                ]), status: 422, field: "bucket")
        try expectProblem(
            get("/v1/stats/posts", query: [("category", "social_post"), ("by", "views")]), status: 422, field: "by")
        try expectProblem(get("/v1/events", query: [("latest", "true"), ("after", "x")]), status: 422, field: "latest")
    }

    @Test func statsNeedHistoryReadAndBacklogsNeedAdmin() throws {
        let issuer = KeyIssuer(store: access.authenticator.keys)
        let writer = try issuer.create(name: "writer", scopes: [.responsesWrite]).secret
        let reader = try issuer.create(name: "reader", scopes: [.historyRead]).secret
        try expectProblem(get("/v1/stats", query: [("category", "social_post")], key: writer), status: 403)
        #expect(get("/v1/stats", query: [("category", "social_post")], key: reader).status == 200)
        try expectProblem(get("/v1/stats/webhooks", query: [], key: reader), status: 403)
        #expect(try json(get("/v1/stats/webhooks"))["items"] == .array([]))
        #expect(api.respond(to: HTTPRequest(method: "GET", path: "/v1/stats")).wait().status == 401)
    }

    @Test func theDashboardIsServedWithoutAKeyAndAllowsOnlyItself() throws {
        for (path, type) in [
            ("/dashboard", "text/html; charset=utf-8"), ("/dashboard/dashboard.js", "text/javascript; charset=utf-8"),
            ("/dashboard/dashboard.css", "text/css; charset=utf-8"), ("/dashboard/favicon.svg", "image/svg+xml"),
        ] {
            let response = api.respond(to: HTTPRequest(method: "GET", path: path)).wait()
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == type)
            let policy = response.header("Content-Security-Policy") ?? ""
            #expect(policy.hasPrefix("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'"))
            #expect(!response.body.isEmpty)
        }
        let page = String(
            decoding: api.respond(to: HTTPRequest(method: "GET", path: "/dashboard")).wait().body, as: UTF8.self)
        // Nothing inline: the policy would block it.
        #expect(!page.contains("<script>") && !page.contains("style="))
    }
}
