import Basics
import Foundation
import HTTPClient
import JSON
import TestSupport
import Testing

@Suite("GET /v1/events, in-process")
struct EventFeedTests {
    static func get(_ server: LiveServer, _ path: String, key: String? = nil) throws -> (Int, JSONValue) {
        var client = server.anonymousClient
        client.defaultHeaders = [("Authorization", "Bearer \(key ?? server.adminKey)")]
        let response = try client.send(method: "GET", path: path)
        return (response.status, (try? JSONParser().parse(response.body)) ?? .null)
    }

    @Test func pagesEveryEventOldestFirstWithItsPush() throws {
        let server = try LiveServer()
        let reader = try server.makeKey([.historyRead])
        for index in 0..<3 {
            #expect(
                try RequestBodies.post(
                    RequestBodies.response(user: "u-\(index)", post: "p-\(index)"), to: server.client
                )
                .status == 201)
        }
        let (status, first) = try Self.get(server, "/v1/events?limit=2", key: reader)
        #expect(status == 200)
        let items = first["items"]?.arrayValue ?? []
        #expect(items.count == 2)
        #expect(items.map { $0["response"]?["userId"]?.stringValue } == ["u-0", "u-1"])
        #expect(items.first?["notification"]?["categoryIdentifier"] == .string("social_post"))
        #expect(items.first?["notification"]?["userInfo"]?["postId"] == .string("p-0"))
        #expect((items.first?["position"]?.intValue ?? 0) < (items.last?["position"]?.intValue ?? 0))
        let next = try #require(first["nextCursor"]?.stringValue)
        let (_, second) = try Self.get(server, "/v1/events?after=\(next)", key: reader)
        #expect(second["items"]?.arrayValue?.map { $0["response"]?["userId"]?.stringValue } == ["u-2"])
        let end = try #require(second["nextCursor"]?.stringValue)
        let (_, empty) = try Self.get(server, "/v1/events?after=\(end)", key: reader)
        #expect(empty["items"]?.arrayValue?.isEmpty == true)
        #expect(empty["nextCursor"]?.stringValue == end)
    }

    @Test func onlyKeysThatReadHistoryAndOnlyValidQueries() throws {
        let server = try LiveServer()
        let writer = try server.makeKey([.responsesWrite])
        #expect(try Self.get(server, "/v1/events", key: writer).0 == 403)
        var anonymous = server.anonymousClient
        anonymous.defaultHeaders = []
        #expect(try anonymous.send(method: "GET", path: "/v1/events").status == 401)
        for (query, field) in [
            ("after=nope", "after"), ("limit=0", "limit"), ("limit=201", "limit"), ("wait=31", "wait"),
        ] {
            let (status, problem) = try Self.get(server, "/v1/events?\(query)")
            #expect(status == 422, "\(query)")
            #expect(problem["errors"]?.arrayValue?.first?["field"] == .string(field), "\(query)")
        }
    }

    /// A long poll is answered when an event arrives, not when its wait is over, and holds no
    /// server thread meanwhile (the server has 4 and 6 polls wait at once).
    @Test(.timeLimit(.minutes(1)))
    func aLongPollIsAnsweredWhenAnEventArrives() throws {
        let server = try LiveServer()
        let (_, start) = try Self.get(server, "/v1/events")
        let tail = try #require(start["nextCursor"]?.stringValue)
        let answers = Locked<[(Int, Int, TimeInterval)]>([])
        let started = Date()
        let polls = (0..<6).map { _ in
            Thread {
                let (status, page) = (try? Self.get(server, "/v1/events?after=\(tail)&wait=20")) ?? (0, .null)
                answers.withLock {
                    $0.append((status, page["items"]?.arrayValue?.count ?? -1, Date().timeIntervalSince(started)))
                }
            }
        }
        polls.forEach { $0.start() }
        Thread.sleep(forTimeInterval: 0.5)
        #expect(answers.withLock { $0.isEmpty }, "a poll was answered before there was anything to say")
        #expect(try RequestBodies.post(RequestBodies.response(), to: server.client).status == 201)
        while answers.withLock({ $0.count }) < 6 { usleep(10_000) }
        for (status, count, seconds) in answers.withLock({ $0 }) {
            #expect(status == 200)
            #expect(count == 1)
            #expect(seconds < 15, "answered at the end of its wait, not when the event came")
        }
    }

    @Test func theServerMayHoldPagesForLessThanAsked() throws {
        let server = try LiveServer(feedMaximumWait: .zero)
        let started = Date()
        let (status, page) = try Self.get(server, "/v1/events?after=\(FeedCursorText.far)&wait=30")
        #expect(status == 200)
        #expect(page["items"]?.arrayValue?.isEmpty == true)
        #expect(Date().timeIntervalSince(started) < 20)
    }
}

/// A cursor far past any event these tests store: `f1:0:1000000`.
enum FeedCursorText {
    static let far = "ZjE6MDoxMDAwMDAw"
}
