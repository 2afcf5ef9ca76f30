import ActionHubDomain

/// The aggregates counted from the stored events on every read: the recount the durable
/// stores' kept aggregates must equal.
extension InMemoryResponseStore {
    public func stats(_ query: StatsQuery) throws -> StatsReport {
        let events = storedEvents().filter { $0.category == query.category }
        var rows: [StatsBatch.CountKey: (count: Int, users: Set<String>)] = [:]
        var users: [String: Set<String>] = [:]
        for event in events {
            let second = Self.second(of: event.receivedAt)
            guard second >= query.span.from, second < query.span.to else { continue }
            let key = StatsBatch.CountKey(
                category: event.category, bucket: query.span.bucket, start: query.span.bucket.start(of: second),
                action: event.action)
            rows[key, default: (0, [])].count += 1
            rows[key, default: (0, [])].users.insert(event.userId)
            users[event.action, default: []].insert(event.userId)
        }
        return StatsReport(
            query: query,
            rows: rows.map { key, value in
                StatsReport.Row(
                    start: key.start, action: key.action,
                    tally: ActionTally(count: value.count, users: value.users.count))
            },
            distinctUsers: users.mapValues(\.count))
    }

    public func topPosts(category: String, by ranking: PostRanking, limit: Int) throws -> [PostTally] {
        let tallies = postTallies(category: category)
        return tallies.sorted { lhs, rhs in
            let (left, right) = ranking == .likes ? (lhs.likes, rhs.likes) : (lhs.replies, rhs.replies)
            return left != right ? left > right : lhs.postId < rhs.postId
        }
        .filter { (ranking == .likes ? $0.likes : $0.replies) > 0 }
        .prefix(limit)
        .map { $0 }
    }

    /// Nothing is kept: every read counts.
    public func rebuildStats() throws {}

    static func second(of milliseconds: Int64) -> Int64 {
        milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
    }
}
