import ActionHubDomain
import Testing

@Suite struct StatsQueryTests {
    /// 2026-11-28T00:00:00Z.
    static let day: Int64 = 1_795_824_000

    @Test func widensTheRangeToWholeBuckets() throws {
        let query = try #require(
            StatsQuery(
                category: "c", bucket: .minute, from: (Self.day + 90) * 1000 + 5, to: (Self.day + 180) * 1000 + 1))
        #expect(query.span == StatsSpan(bucket: .minute, from: Self.day + 60, to: Self.day + 240))
        #expect(Array(query.bucketStarts) == [Self.day + 60, Self.day + 120, Self.day + 180])
        let exact = try #require(
            StatsQuery(category: "c", bucket: .hour, from: Self.day * 1000, to: (Self.day + 3600) * 1000))
        #expect(exact.span == StatsSpan(bucket: .hour, from: Self.day, to: Self.day + 3600))
    }

    @Test func refusesEmptyRangesAndTooManyBuckets() {
        #expect(StatsQuery(category: "c", bucket: .minute, from: 5000, to: 5000) == nil)
        #expect(StatsQuery(category: "c", bucket: .minute, from: 0, to: 1440 * 60_000) != nil)
        #expect(StatsQuery(category: "c", bucket: .minute, from: 0, to: 1440 * 60_000 + 1) == nil)
    }

    /// A rolling day from 05:17 cuts into minutes to 06:00, hours to midnight, hours to 05:00
    /// and minutes to 05:17: the pieces tile the span with no gap and no overlap.
    @Test func piecesTileTheSpanWithTheFewestStoredBuckets() throws {
        let from = Self.day + 5 * 3600 + 17 * 60
        let query = try #require(
            StatsQuery(category: "c", bucket: .minute, from: from * 1000, to: (from + 86_400) * 1000))
        #expect(
            query.pieces == [
                StatsSpan(bucket: .minute, from: from, to: Self.day + 6 * 3600),
                StatsSpan(bucket: .hour, from: Self.day + 6 * 3600, to: Self.day + 86_400),
                StatsSpan(bucket: .hour, from: Self.day + 86_400, to: Self.day + 86_400 + 5 * 3600),
                StatsSpan(bucket: .minute, from: Self.day + 86_400 + 5 * 3600, to: from + 86_400),
            ])
        let week = try #require(
            StatsQuery(category: "c", bucket: .hour, from: (Self.day + 3600) * 1000, to: (Self.day + 7 * 86_400) * 1000)
        )
        #expect(
            week.pieces == [
                StatsSpan(bucket: .hour, from: Self.day + 3600, to: Self.day + 86_400),
                StatsSpan(bucket: .day, from: Self.day + 86_400, to: Self.day + 7 * 86_400),
            ])
        let inside = try #require(
            StatsQuery(category: "c", bucket: .minute, from: (Self.day + 60) * 1000, to: (Self.day + 120) * 1000))
        #expect(inside.pieces == [StatsSpan(bucket: .minute, from: Self.day + 60, to: Self.day + 120)])
    }

    @Test func reportFillsEmptyBucketsAndSumsCounts() throws {
        let query = try #require(
            StatsQuery(category: "c", bucket: .hour, from: Self.day * 1000, to: (Self.day + 3 * 3600) * 1000))
        let report = StatsReport(
            query: query,
            rows: [
                StatsReport.Row(start: Self.day, action: "like", tally: ActionTally(count: 2, users: 2)),
                StatsReport.Row(start: Self.day + 7200, action: "like", tally: ActionTally(count: 3, users: 1)),
            ],
            distinctUsers: ["like": 2])
        #expect(report.buckets.map(\.actions.count) == [1, 0, 1])
        #expect(report.totals == ["like": ActionTally(count: 5, users: 2)])
    }
}
