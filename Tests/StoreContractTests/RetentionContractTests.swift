import ActionHubDomain
import Basics
import Foundation
import JSON
import TestSupport
import Testing

/// Retention on every store: the oldest events and what they made go in bounded batches, newer
/// ones stay, the listings' counts drop and the stats keep theirs; settled deliveries go, pending
/// ones stay.
@Suite struct RetentionContractTests {
    typealias Kind = ResponseStoreContractTests.Kind

    @Test(arguments: Kind.allCases)
    func theOldestEventsGoInBatchesAndTheStatsKeepTheirCounts(_ kind: Kind) throws {
        let store = try kind.make()
        let routes = try SubjectContractTests.routes.get()
        let longAgo = Date().addingTimeInterval(-40 * 86_400)
        let old = ResponseService(routes: routes, store: store, now: { longAgo })
        let recent = ResponseService(routes: routes, store: store)
        let (postId, meetingId) = ("p-\(UUID().uuidString.prefix(8))", "m-\(UUID().uuidString.prefix(8))")
        var oldIds: [String] = []
        for index in 0..<7 {
            let user = "old-\(index)"
            for body in [
                ErasureContractTests.post("like", user: user, post: postId),
                ErasureContractTests.post("reply", user: user, post: postId, text: "old words \(index)"),
                ErasureContractTests.meeting("accept", user: user, meeting: meetingId),
                ErasureContractTests.meeting("feedback", user: user, meeting: meetingId, text: "old note"),
            ] {
                oldIds.append(try old.submit(body).wait().get().id)
            }
        }
        let kept = try recent.submit(ErasureContractTests.post("reply", user: "new", post: postId, text: "new words"))
            .wait().get()
        _ = try recent.submit(ErasureContractTests.meeting("accept", user: "new", meeting: meetingId)).wait().get()
        let query = try #require(
            StatsQuery(
                category: "social_post", bucket: .day, from: Int64(longAgo.timeIntervalSince1970 * 1000) - 86_400_000,
                to: Timestamp.milliseconds() + 86_400_000))
        let statsBefore = try store.stats(query).totals

        let cutoff = Timestamp.milliseconds() - 30 * 86_400_000
        var batches = 0
        while try store.pruneEvents(receivedBefore: cutoff, limit: 5) > 0 { batches += 1 }
        #expect(batches >= 5, "28 events and their rows in batches of at most 5 of each kind")

        for id in oldIds { #expect(try store.response(id: id) == nil) }
        #expect(try store.response(id: kept.id) != nil)
        let replies = try store.replies(postId: postId, page: .init())
        #expect(replies.replyCount == 1 && replies.page.items.map(\.text) == ["new words"])
        #expect(try store.likes(postId: postId, page: .init()).likeCount == 0)
        let summary = try recent.subject(category: "meeting_invite", id: meetingId, user: "new")
        #expect(summary.choices.first?.counts.first { $0.value == "yes" }?.count == 1)
        #expect(summary.lists.first?.count ?? 0 == 0)
        #expect(try store.stats(query).totals == statsBefore, "the stats keep the pruned events' counts")
        #expect(try store.pruneEvents(receivedBefore: cutoff, limit: 5) == 0)
    }

    @Test(arguments: WebhookOutboxContractTests.Kind.allCases)
    func settledDeliveriesGoPendingOnesStay(_ kind: WebhookOutboxContractTests.Kind) throws {
        let (events, webhooks) = try kind.make()
        try webhooks.create(WebhookOutboxContractTests.endpoint("e", events: ["*"]), secret: "whsec_x")
        for _ in 0..<3 { try WebhookOutboxContractTests.record(events) }
        let now = Timestamp.milliseconds() + 1000
        let claimed = try webhooks.settle(
            [], claiming: [ClaimRequest(endpointId: "e", limit: 3)], now: now, leaseUntil: now + 60_000)
        #expect(claimed.count == 3)
        let results = [
            DeliveryResult(
                sequence: claimed[0].sequence, next: .delivered, statusCode: 204, error: nil, finishedAt: now),
            DeliveryResult(
                sequence: claimed[1].sequence, next: .failed, statusCode: 410, error: "gone", finishedAt: now),
        ]
        _ = try webhooks.settle(results, claiming: [], now: now, leaseUntil: now + 60_000)

        #expect(try webhooks.pruneDeliveries(settledBefore: now - 60_000, limit: 10) == 0, "none settled that long ago")
        #expect(try webhooks.pruneDeliveries(settledBefore: now + 10_000, limit: 1) == 1)
        #expect(try webhooks.pruneDeliveries(settledBefore: now + 10_000, limit: 10) == 1)
        #expect(try webhooks.pruneDeliveries(settledBefore: now + 10_000, limit: 10) == 0)
        let left = try #require(try webhooks.deliveries(endpointId: "e", status: nil, page: PageRequest()))
        #expect(left.items.map(\.sequence) == [claimed[2].sequence], "the pending one stays")
    }
}
