/// The answer to a `StatsQuery`: every bucket of the span in order, empty ones included, and the
/// totals over the span, where `users` counts each user once however many buckets they are in.
public struct StatsReport: Sendable, Equatable {
    public struct Bucket: Sendable, Equatable {
        /// Unix seconds.
        public var start: Int64
        public var actions: [String: ActionTally]

        public init(start: Int64, actions: [String: ActionTally]) {
            self.start = start
            self.actions = actions
        }
    }

    /// One stored row: an action's tally in one bucket.
    public struct Row: Sendable, Equatable {
        public var start: Int64
        public var action: String
        public var tally: ActionTally

        public init(start: Int64, action: String, tally: ActionTally) {
            self.start = start
            self.action = action
            self.tally = tally
        }
    }

    public var query: StatsQuery
    public var buckets: [Bucket]
    public var totals: [String: ActionTally]

    public init(query: StatsQuery, buckets: [Bucket], totals: [String: ActionTally]) {
        self.query = query
        self.buckets = buckets
        self.totals = totals
    }

    /// The report from the stored rows of the query's width and the distinct users per action
    /// over its span (`StatsQuery.pieces`). Rows outside the span are ignored.
    public init(query: StatsQuery, rows: [Row], distinctUsers: [String: Int]) {
        var byStart: [Int64: [String: ActionTally]] = [:]
        var counts: [String: Int] = [:]
        for row in rows where row.start >= query.span.from && row.start < query.span.to {
            byStart[row.start, default: [:]][row.action] = row.tally
            counts[row.action, default: 0] += row.tally.count
        }
        self.query = query
        buckets = query.bucketStarts.map { Bucket(start: $0, actions: byStart[$0] ?? [:]) }
        totals = counts.reduce(into: [:]) { totals, entry in
            totals[entry.key] = ActionTally(count: entry.value, users: distinctUsers[entry.key] ?? 0)
        }
    }
}
