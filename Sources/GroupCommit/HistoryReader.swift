import ActionHubDomain

/// The history queries a backend answers on one of its read connections.
package protocol HistoryReader {
    func response(id: String) throws -> String?
    func likes<Rows: LikeRows & ~Copyable>(postId: String, page: PageRequest, into rows: inout Rows) throws
        -> PageCursor?
    func replies<Rows: ReplyRows & ~Copyable>(postId: String, page: PageRequest, into rows: inout Rows) throws
        -> PageCursor?
    /// The user's stored answer bodies, newest first.
    func responses(userId: String, filter: ResponseFilter, page: PageRequest) throws -> Page<String>
    /// Events after `cursor`, oldest first, up to `horizon` when the backend has one (SQLite: the
    /// last position known durable).
    func feed(after cursor: FeedCursor, filter: ResponseFilter, limit: Int, horizon: Int64?) throws -> FeedPage
    func latestFeed(filter: ResponseFilter, limit: Int, horizon: Int64?) throws -> FeedPage
    func stats(_ query: StatsQuery) throws -> StatsReport
    func topPosts(category: String, by ranking: PostRanking, limit: Int) throws -> [PostTally]
    func subjectCounts(_ subject: SubjectRef) throws -> SubjectCounts
    func subjectState(_ subject: SubjectRef, userId: String) throws -> SubjectUserState
    func members(of subject: SubjectRef, set: String, page: PageRequest) throws -> Page<Membership>
    func answers(of subject: SubjectRef, choice: String, page: PageRequest) throws -> Page<ChoiceAnswer>
    func entries(of subject: SubjectRef, list: String, page: PageRequest) throws -> Page<ListEntry>
    func topSubjects(_ ranking: SubjectRanking) throws -> [SubjectTally]
}
