import ActionHubDomain
import Basics
import Foundation
import PostgreSQLStore
import SQLiteStore
import TestSupport
import Testing

/// The outbox both databases keep: delivery rows written in the event's transaction, claims with
/// leases, results, redelivery.
@Suite struct WebhookOutboxContractTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case sqlite, postgreSQL
        var testDescription: String { rawValue }

        func make() throws -> (events: any ResponseStore, webhooks: any WebhookRegistry & WebhookOutbox) {
            switch self {
            case .sqlite:
                let database = try SQLiteDatabase(path: TemporaryDatabase.path())
                let events = try database.responseStore(options: .init(readerCount: 1))
                return (events, try database.webhookStore { [weak events] in events?.durableUpTo ?? 0 })
            case .postgreSQL:
                let database = try PostgreSQLDatabase(url: PostgreSQLCluster.shared().makeDatabase())
                return (database.responseStore(options: .init(writerCount: 2, readerCount: 1)), database.webhookStore())
            }
        }
    }

    struct HandlerFailed: Error {}

    static let notification = #"{"identifier":"push-1","categoryIdentifier":"social_post","userInfo":{"postId":"p-1"}}"#

    static func endpoint(_ id: String, events: [String]) -> WebhookEndpoint {
        WebhookEndpoint(id: id, url: "http://127.0.0.1:9/\(id)", events: events, createdAt: "2026-12-01T00:00:00.000Z")
    }

    @discardableResult
    static func record(
        _ store: any ResponseStore, action: String = "like", id: String = UUID().uuidString, fails: Bool = false
    ) throws -> RecordResult {
        let key = NewResponse(
            id: id, userId: "u-1", category: "social_post", action: action, fingerprint: "f", lockKey: "p-1",
            notification: notification)
        return try store.record(key) { _ in
            if fails { throw HandlerFailed() }
            return #"{"id":"\#(id)"}"#
        }.wait().get()
    }

    static func count(_ registry: any WebhookRegistry, _ endpointId: String) throws -> Int {
        try registry.deliveries(endpointId: endpointId, status: nil, page: PageRequest(limit: 200))?.items.count ?? -1
    }

    @Test(arguments: Kind.allCases)
    func eachStoredEventGetsOneDeliveryPerMatchingEndpointAndNothingElseDoes(_ kind: Kind) throws {
        let (events, webhooks) = try kind.make()
        for (id, patterns) in [
            ("all", ["*"]), ("likes", ["social_post.like"]), ("replies", ["social_post.reply"]),
            ("category", ["social_post.*", "social_post.like"]),
        ] {
            try webhooks.create(Self.endpoint(id, events: patterns), secret: "whsec_x")
        }
        let id = UUID().uuidString
        #expect(try Self.record(events, id: id) == .created(body: #"{"id":"\#(id)"}"#))
        // A replay stores nothing new, and a handler that fails rolls its event back with its rows.
        #expect(try Self.record(events, id: id) == .replayed(body: #"{"id":"\#(id)"}"#))
        #expect(throws: HandlerFailed.self) { try Self.record(events, action: "reply", fails: true) }
        #expect(try ["all", "likes", "replies", "category"].map { try Self.count(webhooks, $0) } == [1, 1, 0, 1])
        let delivery = try #require(
            webhooks.deliveries(endpointId: "all", status: nil, page: PageRequest())?.items.first)
        #expect(delivery.responseId == id && delivery.status == .pending && delivery.attempts == 0)
        #expect(try webhooks.backlog(now: Timestamp.milliseconds()).pending == 3)
        #expect(try webhooks.deliveries(endpointId: "nobody", status: nil, page: PageRequest()) == nil)
    }

    @Test(arguments: Kind.allCases)
    func claimsLeaseThenResultsDecideWhatIsDueAgain(_ kind: Kind) throws {
        let (events, webhooks) = try kind.make()
        try webhooks.create(Self.endpoint("e", events: ["*"]), secret: "whsec_x")
        for _ in 0..<3 { try Self.record(events) }
        let now = Timestamp.milliseconds() + 1000
        let claim = [ClaimRequest(endpointId: "e", limit: 2)]
        let first = try webhooks.settle([], claiming: claim, now: now, leaseUntil: now + 60_000)
        #expect(first.map(\.attempt) == [1, 1])
        #expect(first.allSatisfy { $0.notification == Self.notification && $0.body.hasPrefix(#"{"id":""#) })
        let second = try webhooks.settle([], claiming: claim, now: now, leaseUntil: now + 60_000)
        #expect(second.count == 1)
        // Leased: nothing is due again until the lease ends.
        #expect(try webhooks.settle([], claiming: claim, now: now, leaseUntil: now + 60_000).isEmpty)

        let (delivered, retried, failed) = (first[0], first[1], second[0])
        let results = [
            DeliveryResult(
                sequence: delivered.sequence, next: .delivered, statusCode: 204, error: nil, finishedAt: now),
            DeliveryResult(
                sequence: retried.sequence, next: .retry(at: now + 500), statusCode: 503, error: "answered 503",
                finishedAt: now),
            DeliveryResult(
                sequence: failed.sequence, next: .failed, statusCode: nil, error: "refused", finishedAt: now),
        ]
        #expect(try webhooks.settle(results, claiming: claim, now: now, leaseUntil: now + 60_000).isEmpty)
        let again = try webhooks.settle([], claiming: claim, now: now + 500, leaseUntil: now + 60_000)
        #expect(again.map(\.sequence) == [retried.sequence])
        #expect(again.map(\.attempt) == [2])

        let failedOnes = try #require(try webhooks.deliveries(endpointId: "e", status: .failed, page: PageRequest()))
        #expect(failedOnes.items.map(\.sequence) == [failed.sequence])
        #expect(failedOnes.items.first?.lastError == "refused")
        let deliveredOne = try #require(
            webhooks.deliveries(endpointId: "e", status: .delivered, page: PageRequest())?.items.first)
        #expect(deliveredOne.deliveredAt == now && deliveredOne.lastStatusCode == 204)

        // Redelivery: pending and due now, its attempts counted anew.
        let redelivered = try #require(
            try webhooks.redeliver(endpointId: "e", sequence: failed.sequence, now: now + 600))
        #expect(redelivered.status == .pending && redelivered.attempts == 0 && redelivered.nextAttemptAt == now + 600)
        #expect(try webhooks.redeliver(endpointId: "other", sequence: failed.sequence, now: now) == nil)
        let redue = try webhooks.settle([], claiming: claim, now: now + 600, leaseUntil: now + 60_000)
        #expect(redue.map(\.sequence) == [failed.sequence])
        #expect(redue.map(\.attempt) == [1])

        // Given back without an attempt: due at once, the attempt not counted.
        let released = DeliveryResult(
            sequence: failed.sequence, next: .released, statusCode: nil, error: nil, finishedAt: now + 700)
        #expect(
            try webhooks.settle([released], claiming: claim, now: now + 700, leaseUntil: now + 60_000).map(\.attempt)
                == [1])
        #expect(try webhooks.backlog(now: Timestamp.milliseconds()).pending == 2)
    }

    @Test(arguments: Kind.allCases)
    func deletingAnEndpointTakesItsDeliveriesAndLaterEventsSkipIt(_ kind: Kind) throws {
        let (events, webhooks) = try kind.make()
        try webhooks.create(Self.endpoint("gone", events: ["*"]), secret: "whsec_x")
        try webhooks.create(Self.endpoint("kept", events: ["*"]), secret: "whsec_y")
        try Self.record(events)
        #expect(try webhooks.delete(endpointId: "gone"))
        #expect(try !webhooks.delete(endpointId: "gone"))
        try Self.record(events)
        #expect(try webhooks.endpoints().map(\.id) == ["kept"])
        #expect(
            try webhooks.targets() == [WebhookTarget(id: "kept", url: "http://127.0.0.1:9/kept", secret: "whsec_y")])
        #expect(try Self.count(webhooks, "kept") == 2)
        #expect(try webhooks.backlog(now: Timestamp.milliseconds()).pending == 2)
    }

    @Test func onSQLiteAttemptsWaitForTheEventToBeOnDisk() throws {
        let database = try SQLiteDatabase(path: TemporaryDatabase.path())
        let events = try database.responseStore()
        let notYetSynced = try database.webhookStore { 0 }
        try notYetSynced.create(Self.endpoint("e", events: ["*"]), secret: "whsec_x")
        try Self.record(events)
        let now = Timestamp.milliseconds() + 1000
        let claim = [ClaimRequest(endpointId: "e", limit: 10)]
        #expect(try notYetSynced.settle([], claiming: claim, now: now, leaseUntil: now + 1000).isEmpty)
        let synced = try database.webhookStore { [weak events] in events?.durableUpTo ?? 0 }
        #expect(try synced.settle([], claiming: claim, now: now, leaseUntil: now + 1000).count == 1)
    }

    /// Two instances claiming from one outbox at once: every delivery is claimed, none twice.
    @Test func onPostgreSQLConcurrentClaimersNeverTakeTheSameDelivery() throws {
        let database = try PostgreSQLDatabase(url: PostgreSQLCluster.shared().makeDatabase())
        let events = database.responseStore(options: .init(writerCount: 4))
        let instances = [database.webhookStore(), database.webhookStore()]
        try instances[0].create(Self.endpoint("e", events: ["*"]), secret: "whsec_x")
        _ = concurrently(8) { _ in for _ in 0..<25 { _ = try? Self.record(events) } }
        let now = Timestamp.milliseconds() + 1000
        let claimed = concurrently(2) { index in
            var sequences: [Int64] = []
            while let due = try? instances[index].settle(
                [], claiming: [ClaimRequest(endpointId: "e", limit: 7)], now: now, leaseUntil: now + 60_000),
                !due.isEmpty
            {
                sequences += due.map(\.sequence)
            }
            return sequences
        }
        #expect(claimed.allSatisfy { !$0.isEmpty })
        #expect(Set(claimed[0]).isDisjoint(with: claimed[1]))
        #expect(claimed[0].count + claimed[1].count == 200)
    }
}
