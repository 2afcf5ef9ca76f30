import ActionHubDomain
import Basics

/// The skeleton both durable stores share, written once: events are recorded through the group
/// committer (commit, sync, then answer), and history is read through one of the backend's own
/// read connections. A backend brings its committer, its reader and how it hands readers out.
package protocol GroupCommitStore: ResponseStore {
    associatedtype Reader: HistoryReader
    var committer: GroupCommitter { get }
    /// Runs `body` with a reader of the backend's pool, holding it for that long.
    func read<Result: Sendable>(_ body: (Reader) throws -> Result) throws -> Result
    /// The newest position the feed may show: nil when everything a reader sees is durable.
    var feedHorizon: Int64? { get }
}

extension GroupCommitStore {
    public func record(_ response: NewResponse, perform: @escaping @Sendable (any ActionEffects) throws -> String)
        -> Deferred<Result<RecordResult, any Error>>
    {
        committer.record(response, perform: perform)
    }

    public func response(id: String) throws -> String? {
        try read { try $0.response(id: id) }
    }

    public func likes<Rows: LikeRows & ~Copyable>(postId: String, page: PageRequest, into rows: inout Rows) throws
        -> PageCursor?
    {
        try read { try $0.likes(postId: postId, page: page, into: &rows) }
    }

    public func replies<Rows: ReplyRows & ~Copyable>(postId: String, page: PageRequest, into rows: inout Rows) throws
        -> PageCursor?
    {
        try read { try $0.replies(postId: postId, page: page, into: &rows) }
    }

    public func responses(userId: String, filter: ResponseFilter, page: PageRequest) throws -> Page<String> {
        try read { try $0.responses(userId: userId, filter: filter, page: page) }
    }

    public func feed(after cursor: FeedCursor, filter: ResponseFilter, limit: Int) throws -> FeedPage {
        let horizon = feedHorizon
        return try read { try $0.feed(after: cursor, filter: filter, limit: limit, horizon: horizon) }
    }

    public func latestFeed(filter: ResponseFilter, limit: Int) throws -> FeedPage {
        let horizon = feedHorizon
        return try read { try $0.latestFeed(filter: filter, limit: limit, horizon: horizon) }
    }

    public func stats(_ query: StatsQuery) throws -> StatsReport {
        try read { try $0.stats(query) }
    }

    public func topPosts(category: String, by ranking: PostRanking, limit: Int) throws -> [PostTally] {
        try read { try $0.topPosts(category: category, by: ranking, limit: limit) }
    }
}
