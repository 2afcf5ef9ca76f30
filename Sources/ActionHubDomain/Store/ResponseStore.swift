import Basics

/// Durable storage of response events, their effects and answers.
///
/// `record` is the only write: it runs `perform` inside one transaction with the event, and returns
/// only after that transaction is durable, so an answer built from its result is never ahead of
/// the disk.
public protocol ResponseStore: SubjectReads, DeviceStore {
    /// Stores `response` exactly once. When its id is new, calls `perform` with the transaction's
    /// effects; `perform` returns the answer body to store with it. When the id is known, `perform`
    /// is not called. `ResponseService` passes a `perform` that only applies the plan its handler
    /// made beforehand (`EffectPlan.apply`) and lays out the answer: no handler runs here. Returns at once; the result arrives once the transaction is durable (or has
    /// failed), from a thread of the store's: a server serves other requests meanwhile instead of
    /// parking a thread on every commit. `.wait()` blocks for it.
    func record(_ response: NewResponse, perform: @escaping @Sendable (any ActionEffects) throws -> String)
        -> Deferred<Result<RecordResult, any Error>>

    /// Throws unless the store answers reads and takes writes now.
    func checkReadiness() throws

    /// Removes the user's events, their likes, replies, memberships, choices and list entries, and
    /// the webhook deliveries of those events, in one transaction; the listings' counts drop with
    /// them, the stats keep theirs. The erased ids are kept only as keyed hashes, so that `record`
    /// answers `.erased` for a retry of one. Erasing a user with nothing stored removes nothing.
    func erase(userId: String) throws -> ErasedCounts
    /// Removes the oldest events received before `cutoff` (Unix milliseconds), with what they
    /// made and their webhook deliveries, at most `limit` events and `limit` rows of each kind
    /// in one short transaction; the stats keep their counts. Returns the rows removed: called
    /// again until it returns 0.
    func pruneEvents(receivedBefore cutoff: Int64, limit: Int) throws -> Int
    /// The user's rows of one kind after `position`, oldest first, at most `limit`, each as a
    /// JSON object's text (stored JSON, the answer and the push's content, is embedded as JSON):
    /// an export reads them page by page.
    func personalData(userId: String, kind: PersonalDataKind, after position: Int64, limit: Int) throws
        -> [(position: Int64, json: String)]
    /// True when `id` is a response of an erased user.
    func wasErased(id: String) throws -> Bool

    /// The stored answer body for a response id.
    func response(id: String) throws -> String?
    /// One page of the post's likes into `rows`, and where the next page starts (nil on the last).
    func likes<Rows: LikeRows & ~Copyable>(postId: String, page: PageRequest, into rows: inout Rows) throws
        -> PageCursor?
    /// One page of the post's replies into `rows`, and where the next page starts (nil on the last).
    func replies<Rows: ReplyRows & ~Copyable>(postId: String, page: PageRequest, into rows: inout Rows) throws
        -> PageCursor?
    /// The user's stored answer bodies, newest first.
    func responses(userId: String, filter: ResponseFilter, page: PageRequest) throws -> Page<String>
    /// Events after `cursor`, oldest first, at most `limit`: only events that are durable, and
    /// never one that could still appear behind a cursor a consumer was already given.
    func feed(after cursor: FeedCursor, filter: ResponseFilter, limit: Int) throws -> FeedPage
    /// The newest `limit` events the feed shows now, oldest first, and the cursor to follow the
    /// feed from: after the newest of them, or at the feed's end when none matches `filter`.
    func latestFeed(filter: ResponseFilter, limit: Int) throws -> FeedPage

    /// The stored aggregates: one category's responses and distinct users per action, per bucket
    /// of the query's span and over all of it. Kept as events commit; never counts events.
    func stats(_ query: StatsQuery) throws -> StatsReport
    /// The category's posts with the most likes or replies, most first (ties by post id).
    func topPosts(category: String, by ranking: PostRanking, limit: Int) throws -> [PostTally]
    /// Counts the aggregates again from the stored events and their likes and replies, replacing
    /// what was kept; events committed meanwhile are counted once either way.
    func rebuildStats() throws
}
