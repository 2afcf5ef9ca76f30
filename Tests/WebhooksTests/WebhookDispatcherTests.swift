import ActionHubDomain
import Basics
import Foundation
import SQLiteStore
import Telemetry
import TestSupport
import Testing

@testable import Webhooks

/// The dispatcher against a real outbox (SQLite) and a transport that answers as each test needs.
@Suite struct WebhookDispatcherTests {
    /// One attempt as the transport saw it.
    struct Attempt: Sendable {
        var url: String
        var headers: [String: String]
        var body: [UInt8]
        var at: ContinuousClock.Instant
    }

    /// What every transport of a test shares: the attempts, and how each URL answers.
    final class Endpoints: Sendable {
        let attempts = Locked<[Attempt]>([])
        let inFlight = Locked<[String: (now: Int, most: Int)]>([:])
        /// Attempts to a URL ending in /stuck wait for this.
        let unstick = DispatchSemaphore(value: 0)

        func answer(_ url: String) -> Int {
            inFlight.withLock { counts in
                let now = (counts[url]?.now ?? 0) + 1
                counts[url] = (now, max(now, counts[url]?.most ?? 0))
            }
            defer { inFlight.withLock { $0[url]?.now -= 1 } }
            if url.hasSuffix("/stuck") {
                unstick.wait()
                unstick.signal()
            }
            return url.hasSuffix("/failing") ? 500 : 204
        }

        func attempts(to url: String) -> [Attempt] {
            attempts.withLock { $0.filter { $0.url == url } }
        }
    }

    struct FakeTransport: WebhookTransport {
        let endpoints: Endpoints

        func post(url: String, headers: [(name: String, value: String)], body: [UInt8], timeout: Duration) throws
            -> Int
        {
            let headers = Dictionary(headers.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
            endpoints.attempts.withLock { $0.append(Attempt(url: url, headers: headers, body: body, at: .now)) }
            return endpoints.answer(url)
        }
    }

    struct Setup {
        let database: SQLiteDatabase
        let events: SQLiteResponseStore
        let webhooks: SQLiteWebhookStore
        let endpoints = Endpoints()

        init() throws {
            database = try SQLiteDatabase(path: TemporaryDatabase.path())
            let events = try database.responseStore(options: .init(readerCount: 1))
            self.events = events
            webhooks = try database.webhookStore { [weak events] in events?.durableUpTo ?? 0 }
        }

        /// An endpoint hearing every event, at `http://receiver/<name>`; returns its secret.
        @discardableResult
        func endpoint(_ name: String) throws -> String {
            let secret = try WebhookSigner.makeSecret()
            try webhooks.create(
                WebhookEndpoint(id: name, url: "http://receiver/\(name)", events: ["*"], createdAt: "t"), secret: secret
            )
            return secret
        }

        func record(_ count: Int) throws {
            for _ in 0..<count {
                let id = UUID().uuidString
                _ = try events.record(
                    NewResponse(id: id, userId: "u", category: "social_post", action: "like", fingerprint: "f")
                ) { _ in #"{"id":"\#(id)"}"# }.wait().get()
            }
        }

        func dispatcher(retry: [Duration] = [], concurrency: Int = 2) -> WebhookDispatcher {
            WebhookDispatcher(
                outbox: webhooks,
                options: .init(
                    retry: RetrySchedule(delays: retry), timeout: .seconds(5), concurrency: concurrency,
                    pollInterval: .milliseconds(10)),
                telemetry: Telemetry(logger: Logger(level: .error, write: { _ in }))
            ) { [endpoints] in FakeTransport(endpoints: endpoints) }
        }

        func statuses(_ endpoint: String) throws -> [WebhookDelivery.Status] {
            try webhooks.deliveries(endpointId: endpoint, status: nil, page: PageRequest(limit: 200))?.items.map(
                \.status)
                ?? []
        }

        /// Polls until `condition` holds; false if it never did within `limit`.
        func eventually(within limit: Duration = .seconds(60), _ condition: () throws -> Bool) rethrows -> Bool {
            let deadline = ContinuousClock.now + limit
            while ContinuousClock.now < deadline {
                if try condition() { return true }
                Thread.sleep(forTimeInterval: 0.01)
            }
            return try condition()
        }
    }

    @Test func everyEventIsDeliveredSignedAndAFailingEndpointIsRetriedByTheScheduleThenFailed() throws {
        let setup = try Setup()
        let secret = try setup.endpoint("fine")
        try setup.endpoint("failing")
        let dispatcher = setup.dispatcher(retry: [.milliseconds(200), .milliseconds(400)])
        defer { dispatcher.stop() }
        try setup.record(3)

        #expect(try setup.eventually { try setup.statuses("fine") == [.delivered, .delivered, .delivered] })
        #expect(try setup.eventually { try setup.statuses("failing") == [.failed, .failed, .failed] })
        let signer = try #require(WebhookSigner(secret: secret))
        for attempt in setup.endpoints.attempts(to: "http://receiver/fine") {
            let id = try #require(attempt.headers["webhook-id"])
            let timestamp = try #require(attempt.headers["webhook-timestamp"].flatMap { Int64($0) })
            #expect(
                attempt.headers["webhook-signature"]
                    == (try signer.signature(id: id, timestamp: timestamp, body: attempt.body)))
            #expect(attempt.headers["Content-Type"] == "application/json")
        }
        // One first attempt and one per retry, each no earlier than the schedule says (to the
        // millisecond the outbox keeps times in), all with the delivery's one webhook-id.
        let failing = Dictionary(grouping: setup.endpoints.attempts(to: "http://receiver/failing")) {
            $0.headers["webhook-id"] ?? ""
        }
        #expect(failing.count == 3)
        for attempts in failing.values {
            #expect(attempts.count == 3)
            #expect(attempts[1].at - attempts[0].at >= .milliseconds(199))
            #expect(attempts[2].at - attempts[1].at >= .milliseconds(399))
        }
        let failed = try #require(
            try setup.webhooks.deliveries(endpointId: "failing", status: .failed, page: PageRequest())?.items.first)
        #expect(failed.attempts == 3 && failed.lastStatusCode == 500 && failed.lastError == "the endpoint answered 500")
    }

    @Test func aStuckEndpointDelaysNoOtherAndNeverHasMoreThanItsConcurrencyInFlight() throws {
        let setup = try Setup()
        try setup.endpoint("stuck")
        try setup.endpoint("fine")
        let dispatcher = setup.dispatcher(concurrency: 2)
        try setup.record(20)

        #expect(try setup.eventually { try setup.statuses("fine").allSatisfy { $0 == .delivered } })
        #expect(try setup.statuses("fine").count == 20)
        #expect(setup.endpoints.inFlight.withLock { $0["http://receiver/stuck"]?.most } == 2)
        #expect(try setup.statuses("stuck").allSatisfy { $0 == .pending })

        setup.endpoints.unstick.signal()
        #expect(try setup.eventually { try setup.statuses("stuck").allSatisfy { $0 == .delivered } })
        #expect(setup.endpoints.inFlight.withLock { $0["http://receiver/stuck"]?.most } == 2)
        dispatcher.stop()
    }

    @Test func stopFinishesAttemptsInProgressAndGivesBackWhatWasClaimedButNotAttempted() throws {
        let setup = try Setup()
        try setup.endpoint("stuck")
        let dispatcher = setup.dispatcher(concurrency: 1)
        try setup.record(3)
        // One attempt in flight, one more claimed and waiting behind it (twice the concurrency).
        #expect(setup.eventually { setup.endpoints.attempts(to: "http://receiver/stuck").count == 1 })
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { setup.endpoints.unstick.signal() }
        dispatcher.stop()

        let deliveries = try #require(
            try setup.webhooks.deliveries(endpointId: "stuck", status: nil, page: PageRequest())?.items)
        #expect(deliveries.map(\.status).sorted { $0.rawValue < $1.rawValue } == [.delivered, .pending, .pending])
        #expect(deliveries.filter { $0.status == .pending }.map(\.attempts) == [0, 0])
        #expect(setup.endpoints.attempts(to: "http://receiver/stuck").count == 1)
    }
}
