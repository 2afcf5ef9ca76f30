import Foundation
import HTTPClient
import TestSupport
import Testing

@Suite("Metrics over HTTP, in-process")
struct MetricsTests {
    @Test func metricsCountAKnownSequenceExactly() throws {
        let server = try LiveServer()
        let client = server.client
        let first = UUID().uuidString
        #expect(try RequestBodies.post(RequestBodies.response(id: first), to: client).status == 201)
        #expect(try RequestBodies.post(RequestBodies.response(user: "u-2"), to: client).status == 201)
        #expect(try RequestBodies.post(RequestBodies.response(user: "u-3"), to: client).status == 201)
        #expect(try RequestBodies.post(RequestBodies.response(id: first), to: client).status == 200)
        #expect(try RequestBodies.post(RequestBodies.response(id: first, user: "u-9"), to: client).status == 409)
        #expect(try RequestBodies.post(Array(#"{"id": "x"}"#.utf8), to: client).status == 422)
        #expect(try client.send(method: "GET", path: "/v1/posts/p-1/likes").status == 200)
        #expect(try client.send(method: "GET", path: "/nowhere/\(UUID().uuidString)").status == 404)

        let scrape = try client.send(method: "GET", path: "/metrics")
        #expect(scrape.status == 200)
        #expect(scrape.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
        let samples = try PrometheusText.parse(scrape.text)

        func value(_ name: String, _ labels: [String: String] = [:]) -> Double? {
            samples.first { $0.name == name && $0.labels == labels }?.value
        }
        let post = ["route": "/v1/responses", "method": "POST"]
        #expect(value("actionhub_http_requests_total", post.merging(["status": "201"]) { $1 }) == 3)
        #expect(value("actionhub_http_requests_total", post.merging(["status": "200"]) { $1 }) == 1)
        #expect(value("actionhub_http_requests_total", post.merging(["status": "409"]) { $1 }) == 1)
        #expect(value("actionhub_http_requests_total", post.merging(["status": "422"]) { $1 }) == 1)
        #expect(
            value(
                "actionhub_http_requests_total",
                ["route": "/v1/posts/{postId}/likes", "method": "GET", "status": "200"])
                == 1)
        #expect(value("actionhub_http_requests_total", ["route": "unmatched", "method": "GET", "status": "404"]) == 1)
        let like = ["category": "social_post", "action": "like", "handler": "like"]
        #expect(value("actionhub_responses_total", like.merging(["outcome": "created"]) { $1 }) == 3)
        #expect(value("actionhub_responses_total", like.merging(["outcome": "replayed"]) { $1 }) == 1)
        #expect(value("actionhub_responses_total", like.merging(["outcome": "conflict"]) { $1 }) == 1)
        #expect(
            value(
                "actionhub_responses_total",
                ["category": "unknown", "action": "unknown", "handler": "unknown", "outcome": "rejected"]) == 1)
        #expect(value("actionhub_http_request_duration_seconds_count", ["route": "/v1/responses"]) == 6)
        // Created, replayed and conflicting events all pass through a commit; the rejected one not.
        #expect(value("actionhub_commit_batch_size_sum") == 5)
        #expect(value("actionhub_commit_duration_seconds_count") == value("actionhub_commit_batch_size_count"))
        #expect((value("actionhub_database_size_bytes") ?? 0) > 0)
        #expect((value("actionhub_open_connections") ?? 0) >= 1)
        #expect(value("actionhub_build_info", ["version": "0.1.0"]) == 1)
    }
}
