import ActionHubDomain
import GroupCommit
import SQLite

/// A read-only connection with its queries prepared once. WAL lets readers run beside the writer
/// without waiting for it. Used by one thread at a time, under its slot's lock.
package final class Reader: HistoryReader {
    let connection: SQLiteConnection
    private let readTransaction: SQLiteTransaction
    private let responseById: SQLiteStatement
    private let likesPage: SQLiteStatement
    private let likeCount: SQLiteStatement
    private let repliesPage: SQLiteStatement
    private let replyCount: SQLiteStatement
    private let userHistory: UserHistoryReader
    private let feedPage: SQLiteStatement
    private let statistics: SQLiteStatsReader
    private let latestPage: SQLiteStatement
    private let feedEnd: SQLiteStatement
    private let subjects: SQLiteSubjectReader

    init(connection: SQLiteConnection) throws {
        self.connection = connection
        readTransaction = try SQLiteTransaction(on: connection)
        responseById = try connection.prepare("SELECT body FROM responses WHERE id = ?1")
        likesPage = try connection.prepare(
            """
            SELECT position, user_id, response_id, liked_at FROM likes
            WHERE post_id = ?1 AND position < ?2 ORDER BY position DESC LIMIT ?3
            """)
        likeCount = try connection.prepare("SELECT likes FROM post_counts WHERE post_id = ?1")
        repliesPage = try connection.prepare(
            """
            SELECT position, reply_id, user_id, text, response_id, created_at FROM replies
            WHERE post_id = ?1 AND position < ?2 ORDER BY position DESC LIMIT ?3
            """)
        replyCount = try connection.prepare("SELECT replies FROM post_counts WHERE post_id = ?1")
        userHistory = try UserHistoryReader(connection: connection)
        feedPage = try connection.prepare(
            """
            SELECT position, body, notification FROM responses
            WHERE position > ?1 AND position <= ?2 AND (?3 IS NULL OR category = ?3) AND (?4 IS NULL OR action = ?4)
            ORDER BY position LIMIT ?5
            """)
        statistics = try SQLiteStatsReader(connection: connection)
        latestPage = try connection.prepare(
            """
            SELECT position, body, notification FROM responses
            WHERE position <= ?1 AND (?2 IS NULL OR category = ?2) AND (?3 IS NULL OR action = ?3)
            ORDER BY position DESC LIMIT ?4
            """)
        feedEnd = try connection.prepare("SELECT coalesce(max(position), 0) FROM responses WHERE position <= ?1")
        subjects = try SQLiteSubjectReader(connection: connection)
    }

    func pragma(_ name: String) throws -> String? {
        try connection.prepare("PRAGMA \(name)").rows { $0.text(at: 0) }.first ?? nil
    }

    func ping() throws {
        _ = try connection.prepare("SELECT 1").rows { $0.integer(at: 0) }
    }

    package func response(id: String) throws -> String? {
        try responseById.rows([.text(id)]) { $0.text(at: 0) ?? "" }.first
    }

    package func likes<Rows: LikeRows & ~Copyable>(postId: String, page: PageRequest, into rows: inout Rows) throws
        -> PageCursor?
    {
        // One read transaction, so the count and the page describe the same moment.
        try readTransaction.run {
            rows.total(Int(try likeCount.rows([.text(postId)]) { $0.integer(at: 0) }.first ?? 0))
            var window = PageWindow(limit: page.limit)
            try likesPage.forEachRow(Self.window(postId, page)) { row in
                guard window.admit(position: row.integer(at: 0)) else { return false }
                rows.like(userId: row.bytes(at: 1), responseId: row.bytes(at: 2), likedAt: row.bytes(at: 3))
                return true
            }
            return window.next
        }
    }

    package func replies<Rows: ReplyRows & ~Copyable>(postId: String, page: PageRequest, into rows: inout Rows) throws
        -> PageCursor?
    {
        try readTransaction.run {
            rows.total(Int(try replyCount.rows([.text(postId)]) { $0.integer(at: 0) }.first ?? 0))
            var window = PageWindow(limit: page.limit)
            try repliesPage.forEachRow(Self.window(postId, page)) { row in
                guard window.admit(position: row.integer(at: 0)) else { return false }
                rows.reply(
                    replyId: row.bytes(at: 1), userId: row.bytes(at: 2), text: row.bytes(at: 3),
                    responseId: row.bytes(at: 4), createdAt: row.bytes(at: 5))
                return true
            }
            return window.next
        }
    }

    package func responses(userId: String, filter: ResponseFilter, page: PageRequest) throws -> Page<String> {
        try readTransaction.run { try userHistory.responses(userId: userId, filter: filter, page: page) }
    }

    /// Positions come from the one writer in commit order, so `position > cursor` never skips an
    /// event; `horizon` keeps out what is committed but not yet synced.
    package func feed(after cursor: FeedCursor, filter: ResponseFilter, limit: Int, horizon: Int64?) throws -> FeedPage
    {
        let items = try feedPage.rows([
            .integer(cursor.position), .integer(horizon ?? Int64.max), SQLiteValue(filter.category),
            SQLiteValue(filter.action), .integer(Int64(limit)),
        ]) { row in
            FeedItem(
                cursor: FeedCursor(sequence: 0, position: row.integer(at: 0)), body: row.text(at: 1) ?? "",
                notification: row.text(at: 2))
        }
        return FeedPage(items: items, next: items.last?.cursor ?? cursor)
    }

    package func latestFeed(filter: ResponseFilter, limit: Int, horizon: Int64?) throws -> FeedPage {
        let newest = horizon ?? Int64.max
        return try readTransaction.run {
            let items = try latestPage.rows([
                .integer(newest), SQLiteValue(filter.category), SQLiteValue(filter.action), .integer(Int64(limit)),
            ]) { row in
                FeedItem(
                    cursor: FeedCursor(sequence: 0, position: row.integer(at: 0)), body: row.text(at: 1) ?? "",
                    notification: row.text(at: 2))
            }
            let end =
                try items.first?.cursor
                ?? FeedCursor(sequence: 0, position: feedEnd.rows([.integer(newest)]) { $0.integer(at: 0) }.first ?? 0)
            return FeedPage(items: items.reversed(), next: end)
        }
    }

    package func stats(_ query: StatsQuery) throws -> StatsReport {
        try readTransaction.run { try statistics.stats(query) }
    }

    package func topPosts(category: String, by ranking: PostRanking, limit: Int) throws -> [PostTally] {
        try statistics.topPosts(category: category, by: ranking, limit: limit)
    }

    package func topSubjects(_ ranking: SubjectRanking) throws -> [SubjectTally] {
        try subjects.topSubjects(ranking)
    }

    package func subjectCounts(_ subject: SubjectRef) throws -> SubjectCounts {
        try subjects.subjectCounts(subject)
    }

    package func subjectState(_ subject: SubjectRef, userId: String) throws -> SubjectUserState {
        try readTransaction.run { try subjects.subjectState(subject, userId: userId) }
    }

    package func members(of subject: SubjectRef, set: String, page: PageRequest) throws -> Page<Membership> {
        try subjects.members(of: subject, set: set, page: page)
    }

    package func answers(of subject: SubjectRef, choice: String, page: PageRequest) throws -> Page<ChoiceAnswer> {
        try subjects.answers(of: subject, choice: choice, page: page)
    }

    package func entries(of subject: SubjectRef, list: String, page: PageRequest) throws -> Page<ListEntry> {
        try subjects.entries(of: subject, list: list, page: page)
    }

    /// Parameters `?1` key, `?2` below this position, `?3` how many rows: one more than the page
    /// holds, to learn whether another page follows.
    private static func window(_ key: String, _ page: PageRequest) -> [SQLiteValue] {
        [.text(key), .integer(page.cursor?.position ?? Int64.max), .integer(Int64(page.limit + 1))]
    }
}
