import ActionHubDomain
import ActionHubTesting
import Basics
import Foundation
import PostgreSQLStore
import SQLiteStore
import TestSupport
import Testing

/// The stored aggregates of both databases against a recount: after a random load with replays,
/// re-likes and failing handlers, committed in concurrent batches, every report equals the one
/// the in-memory store counts from its events, and equals itself after `rebuildStats`.
@Suite struct StatsContractTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case sqlite, postgreSQL
        var testDescription: String { rawValue }

        func make() throws -> any ResponseStore {
            switch self {
            case .sqlite: try SQLiteResponseStore(path: TemporaryDatabase.path(), options: .init(readerCount: 2))
            case .postgreSQL:
                try PostgreSQLResponseStore(
                    url: PostgreSQLCluster.shared().makeDatabase(), options: .init(writerCount: 3, readerCount: 2))
            }
        }
    }

    struct HandlerFailed: Error {}

    /// SplitMix64: the same load on every run for one seed.
    struct SeededRandom: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }

    /// 2026-11-28T00:00:00Z, a day start.
    static let base: Int64 = 1_795_824_000

    /// One event of the load: what it is and what its handler does.
    struct Event: Sendable {
        var response: NewResponse
        var post: String
        var fails: Bool
    }

    /// Events clustered around 30 moments over three days, so that users repeat within minutes,
    /// hours and days; a fifth of them sent twice (a replay), a few failing in their handler.
    static func load(seed: UInt64, count: Int) -> [Event] {
        var random = SeededRandom(state: seed)
        let moments = (0..<30).map { _ in base + Int64.random(in: 0..<(3 * 86_400), using: &random) }
        var events: [Event] = []
        for index in 0..<count {
            let action = ["like", "like", "like", "reply", "com.apple.UNNotificationDefaultActionIdentifier"]
                .randomElement(using: &random)!
            let category = index % 7 == 0 ? "other_post" : "social_post"
            let at = (moments.randomElement(using: &random)! + Int64.random(in: 0..<90, using: &random)) * 1000
            let response = NewResponse(
                id: UUID().uuidString, userId: "u-\(Int.random(in: 0..<12, using: &random))", category: category,
                action: action, fingerprint: "f", receivedAt: at + Int64.random(in: 0..<1000, using: &random))
            let event = Event(
                // A post is in one category: which of two categories' likes of a post by one user
                // counts first would depend on commit order.
                response: response, post: "\(category)-\(Int.random(in: 0..<6, using: &random))",
                fails: index % 23 == 5)
            events.append(event)
            if Int.random(in: 0..<5, using: &random) == 0 { events.append(event) }
        }
        return events
    }

    static func record(_ event: Event, in store: any ResponseStore) -> Deferred<Result<RecordResult, any Error>> {
        let (response, post, fails) = (event.response, event.post, event.fails)
        return store.record(response) { effects in
            switch response.action {
            case "like":
                _ = try effects.addLike(
                    Like(postId: post, userId: response.userId, responseId: response.id, likedAt: "t"))
            case "reply":
                try effects.addReply(
                    Reply(
                        replyId: UUID().uuidString, postId: post, userId: response.userId, text: "hi",
                        responseId: response.id, createdAt: "t"))
            default: break
            }
            if fails { throw HandlerFailed() }
            return "{}"
        }
    }

    /// Whole spans, a rolling day that starts mid-hour (five pieces), single buckets and
    /// windows that hold nothing.
    static func queries(category: String) -> [StatsQuery] {
        let second: Int64 = 1000
        let spans: [(StatsBucket, Int64, Int64)] = [
            (.day, base - 86_400, base + 4 * 86_400),
            (.hour, base, base + 3 * 86_400),
            (.minute, base + 3_600 * 5 + 17 * 60 + 31, base + 3_600 * 29 + 17 * 60 + 31),
            (.minute, base + 86_400, base + 2 * 86_400),
            (.hour, base + 86_400 + 1_800, base + 2 * 86_400 + 600),
            (.day, base + 86_400, base + 2 * 86_400),
            (.hour, base + 7_200, base + 10_800),
            (.minute, base - 86_400, base - 86_400 + 60),
        ]
        return spans.compactMap { StatsQuery(category: category, bucket: $0.0, from: $0.1 * second, to: $0.2 * second) }
            + (0..<12).compactMap { offset in
                let from = base + Int64(offset) * 21_601
                return StatsQuery(
                    category: category, bucket: .minute, from: from * second, to: (from + 86_000) * second)
            }
    }

    /// The lines of one report that the other lacks, for a readable failure.
    static func difference(_ left: [String], _ right: [String]) -> String {
        let (leftLines, rightLines) = (Set(left), Set(right))
        return
            (left.filter { !rightLines.contains($0) }.map { "- " + $0 }
            + right.filter { !leftLines.contains($0) }.map { "+ " + $0 }).prefix(20).joined(separator: "\n")
    }

    /// Each report as lines: its query, one line per non-empty bucket, one per total.
    static func lines(_ report: StatsReport) -> [String] {
        ["\(report.query) with \(report.buckets.count) buckets"]
            + report.buckets.filter { !$0.actions.isEmpty }.map { bucket in
                "\(bucket.start): "
                    + bucket.actions.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.count)/\($0.value.users)" }
                    .joined(separator: " ")
            }
            + report.totals.sorted { $0.key < $1.key }.map { "total \($0.key)=\($0.value.count)/\($0.value.users)" }
    }

    static func reports(_ store: any ResponseStore) throws -> [[String]] {
        var reports: [[String]] = []
        for category in ["social_post", "other_post", "none"] {
            for query in queries(category: category) { reports.append(lines(try store.stats(query))) }
            for ranking in PostRanking.allCases {
                reports.append(try store.topPosts(category: category, by: ranking, limit: 100).map { "\($0)" })
            }
        }
        return reports
    }

    @Test(arguments: Kind.allCases)
    func keptAggregatesEqualARecountOfTheEvents(_ kind: Kind) throws {
        let store = try kind.make()
        let twin = InMemoryResponseStore()
        let events = Self.load(seed: 0x5EED, count: 600)
        // Sent in waves of 50 at once, so batches hold several events, replays among them.
        var created: [String: Int] = [:]
        var twinCreated: [String: Int] = [:]
        for wave in stride(from: 0, to: events.count, by: 50) {
            let slice = events[wave..<min(events.count, wave + 50)]
            let pending = slice.map { Self.record($0, in: store) }
            for (event, outcome) in zip(slice, pending) {
                if case .success(.created) = outcome.wait() { created[event.response.id, default: 0] += 1 }
                if case .success(.created) = Self.record(event, in: twin).wait() {
                    twinCreated[event.response.id, default: 0] += 1
                }
            }
        }
        #expect(created == twinCreated)
        #expect(created.values.allSatisfy { $0 == 1 })
        let kept = try Self.reports(store)
        let recounted = try Self.reports(twin)
        for (index, (stored, counted)) in zip(kept, recounted).enumerated() where stored != counted {
            Issue.record("report \(index) differs:\n\(Self.difference(stored, counted))")
        }
        let likes = try store.stats(Self.queries(category: "social_post")[0]).totals["like"]
        #expect((likes?.count ?? 0) > 100 && (likes?.users ?? 0) == 12)
        try store.rebuildStats()
        let rebuilt = try Self.reports(store)
        for (index, (stored, counted)) in zip(rebuilt, kept).enumerated() where stored != counted {
            Issue.record("report \(index) differs after the rebuild:\n\(Self.difference(stored, counted))")
        }
    }

    /// Likes already held are responses of the like action, not likes of the post.
    @Test(arguments: Kind.allCases)
    func aReLikeCountsAsAResponseNotAsALike(_ kind: Kind) throws {
        let store = try kind.make()
        let at = (Self.base + 3_600) * 1000
        for index in 0..<3 {
            let response = NewResponse(
                id: UUID().uuidString, userId: "u-1", category: "social_post", action: "like", fingerprint: "f",
                receivedAt: at + Int64(index))
            _ = try Self.record(Event(response: response, post: "p-1", fails: false), in: store).wait().get()
        }
        let query = try #require(StatsQuery(category: "social_post", bucket: .hour, from: at, to: at + 1))
        #expect(try store.stats(query).totals == ["like": ActionTally(count: 3, users: 1)])
        #expect(
            try store.topPosts(category: "social_post", by: .likes, limit: 5) == [
                PostTally(postId: "p-1", likes: 1, replies: 0)
            ])
        #expect(try store.topPosts(category: "social_post", by: .replies, limit: 5) == [])
        try store.rebuildStats()
        #expect(try store.stats(query).totals == ["like": ActionTally(count: 3, users: 1)])
    }
}

extension RecordResult {
    fileprivate var isCreated: Bool {
        if case .created = self { true } else { false }
    }
}
