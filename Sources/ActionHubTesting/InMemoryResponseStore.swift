import ActionHubDomain
import Basics

/// A `ResponseStore` in memory with the same semantics as the durable ones: for tests and for
/// trying routes without a database. Nothing survives the process.
public final class InMemoryResponseStore: ResponseStore {
    private struct StoredResponse {
        var position: Int64
        var response: NewResponse
        var body: String
    }

    private struct State {
        var nextPosition: Int64 = 1
        var responses: [String: StoredResponse] = [:]
        var likes: [(position: Int64, like: Like)] = []
        var replies: [(position: Int64, reply: Reply)] = []
        var members: [(position: Int64, membership: Membership)] = []
        var answers: [(position: Int64, answer: ChoiceAnswer)] = []
        var entries: [(position: Int64, entry: ListEntry)] = []

        mutating func takePosition() -> Int64 {
            defer { nextPosition += 1 }
            return nextPosition
        }
    }

    /// Collects a transaction's writes on a copy of the state, applied only if `perform` succeeds.
    private final class Transaction: ActionEffects {
        var state: State

        init(state: State) {
            self.state = state
        }

        func addLike(_ like: Like) throws -> LikeChange {
            let existing = state.likes.filter { $0.like.postId == like.postId }
            if existing.contains(where: { $0.like.userId == like.userId }) {
                return LikeChange(added: false, likeCount: existing.count)
            }
            state.likes.append((state.takePosition(), like))
            return LikeChange(added: true, likeCount: existing.count + 1)
        }

        func addReply(_ reply: Reply) throws {
            state.replies.append((state.takePosition(), reply))
        }

        func toggle(_ membership: Membership, remove: Bool) throws -> MembershipChange {
            let existing = state.members.firstIndex {
                $0.membership.subject == membership.subject && $0.membership.set == membership.set
                    && $0.membership.userId == membership.userId
            }
            let changed = remove == (existing != nil)
            if changed, let existing {
                state.members.remove(at: existing)
            } else if changed {
                state.members.append((state.takePosition(), membership))
            }
            let count = state.members.count {
                $0.membership.subject == membership.subject && $0.membership.set == membership.set
            }
            return MembershipChange(member: !remove, changed: changed, count: count)
        }

        func choose(_ answer: ChoiceAnswer) throws -> ChoiceChange {
            let existing = state.answers.firstIndex {
                $0.answer.subject == answer.subject && $0.answer.choice == answer.choice
                    && $0.answer.userId == answer.userId
            }
            let previous = existing.map { state.answers[$0].answer.value }
            if previous != answer.value {
                if let existing { state.answers.remove(at: existing) }
                state.answers.append((state.takePosition(), answer))
            }
            var counts: [String: Int] = [:]
            for (_, other) in state.answers where other.subject == answer.subject && other.choice == answer.choice {
                counts[other.value, default: 0] += 1
            }
            return ChoiceChange(previous: previous, counts: counts)
        }

        func append(_ entry: ListEntry) throws {
            state.entries.append((state.takePosition(), entry))
        }
    }

    private let state = Locked(State())

    public init() {}

    /// Runs on the caller's thread: the result is there when it returns.
    public func record(_ response: NewResponse, perform: @escaping @Sendable (any ActionEffects) throws -> String)
        -> Deferred<Result<RecordResult, any Error>>
    {
        .ready(Result { try commit(response, perform: perform) })
    }

    private func commit(_ response: NewResponse, perform: (any ActionEffects) throws -> String) throws -> RecordResult {
        try state.withLock { state in
            if let stored = state.responses[response.id] {
                return stored.response.fingerprint == response.fingerprint ? .replayed(body: stored.body) : .conflict
            }
            let transaction = Transaction(state: state)
            let body = try perform(transaction)
            var committed = transaction.state
            let position = committed.takePosition()
            committed.responses[response.id] = StoredResponse(position: position, response: response, body: body)
            state = committed
            return .created(body: body)
        }
    }

    public func checkReadiness() throws {}

    public func response(id: String) throws -> String? {
        state.withLock { $0.responses[id]?.body }
    }

    public func likes<Rows: LikeRows & ~Copyable>(postId: String, page: PageRequest, into rows: inout Rows) throws
        -> PageCursor?
    {
        let (total, page) = state.withLock { state in
            Self.listing(state.likes.filter { $0.like.postId == postId }.map { ($0.position, $0.like) }, page: page)
        }
        rows.total(total)
        for like in page.items { rows.like(like) }
        return page.next
    }

    public func replies<Rows: ReplyRows & ~Copyable>(postId: String, page: PageRequest, into rows: inout Rows) throws
        -> PageCursor?
    {
        let (total, page) = state.withLock { state in
            Self.listing(state.replies.filter { $0.reply.postId == postId }.map { ($0.position, $0.reply) }, page: page)
        }
        rows.total(total)
        for reply in page.items { rows.reply(reply) }
        return page.next
    }

    public func responses(userId: String, filter: ResponseFilter, page: PageRequest) throws -> Page<String> {
        state.withLock { state in
            let matching = state.responses.values.filter {
                $0.response.userId == userId
                    && (filter.category == nil || $0.response.category == filter.category)
                    && (filter.action == nil || $0.response.action == filter.action)
            }
            let rows = Self.newestFirst(matching.map { ($0.position, $0.body) }, page: page)
            return Page(rows: rows, limit: page.limit)
        }
    }

    public func feed(after cursor: FeedCursor, filter: ResponseFilter, limit: Int) throws -> FeedPage {
        state.withLock { state in
            let items = state.responses.values
                .filter {
                    $0.position > cursor.position && (filter.category == nil || $0.response.category == filter.category)
                        && (filter.action == nil || $0.response.action == filter.action)
                }
                .sorted { $0.position < $1.position }
                .prefix(limit)
                .map {
                    FeedItem(
                        cursor: FeedCursor(sequence: 0, position: $0.position), body: $0.body,
                        notification: $0.response.notification)
                }
            return FeedPage(items: items, next: items.last?.cursor ?? cursor)
        }
    }

    public func latestFeed(filter: ResponseFilter, limit: Int) throws -> FeedPage {
        state.withLock { state in
            let all = state.responses.values.sorted { $0.position < $1.position }
            let items = all.filter {
                (filter.category == nil || $0.response.category == filter.category)
                    && (filter.action == nil || $0.response.action == filter.action)
            }
            .suffix(limit)
            .map {
                FeedItem(
                    cursor: FeedCursor(sequence: 0, position: $0.position), body: $0.body,
                    notification: $0.response.notification)
            }
            let end = FeedCursor(sequence: 0, position: all.last?.position ?? 0)
            return FeedPage(items: Array(items), next: items.last?.cursor ?? end)
        }
    }

    public func subjectCounts(_ subject: SubjectRef) throws -> SubjectCounts {
        state.withLock { state in
            var counts = SubjectCounts()
            for (_, member) in state.members where member.subject == subject {
                counts.sets[member.set, default: 0] += 1
            }
            for (_, answer) in state.answers where answer.subject == subject {
                counts.choices[answer.choice, default: [:]][answer.value, default: 0] += 1
            }
            for (_, entry) in state.entries where entry.subject == subject { counts.lists[entry.list, default: 0] += 1 }
            return counts
        }
    }

    public func subjectState(_ subject: SubjectRef, userId: String) throws -> SubjectUserState {
        state.withLock { state in
            var user = SubjectUserState()
            for (_, member) in state.members where member.subject == subject && member.userId == userId {
                user.sets.insert(member.set)
            }
            for (_, answer) in state.answers where answer.subject == subject && answer.userId == userId {
                user.choices[answer.choice] = answer.value
            }
            return user
        }
    }

    public func members(of subject: SubjectRef, set: String, page: PageRequest) throws -> Page<Membership> {
        state.withLock { state in
            Page(
                rows: Self.newestFirst(
                    state.members.filter { $0.membership.subject == subject && $0.membership.set == set }, page: page),
                limit: page.limit)
        }
    }

    public func answers(of subject: SubjectRef, choice: String, page: PageRequest) throws -> Page<ChoiceAnswer> {
        state.withLock { state in
            Page(
                rows: Self.newestFirst(
                    state.answers.filter { $0.answer.subject == subject && $0.answer.choice == choice }, page: page),
                limit: page.limit)
        }
    }

    public func entries(of subject: SubjectRef, list: String, page: PageRequest) throws -> Page<ListEntry> {
        state.withLock { state in
            Page(
                rows: Self.newestFirst(
                    state.entries.filter { $0.entry.subject == subject && $0.entry.list == list }, page: page),
                limit: page.limit)
        }
    }

    public func topSubjects(_ ranking: SubjectRanking) throws -> [SubjectTally] {
        let moments: [(subject: String, at: String)] = state.withLock { state in
            switch ranking.measure {
            case .set(let name):
                state.members.filter { $0.membership.subject.category == ranking.category && $0.membership.set == name }
                    .map { ($0.membership.subject.subject, $0.membership.at) }
            case .list(let name):
                state.entries.filter { $0.entry.subject.category == ranking.category && $0.entry.list == name }
                    .map { ($0.entry.subject.subject, $0.entry.at) }
            case .choice(let name, let value):
                state.answers.filter {
                    $0.answer.subject.category == ranking.category && $0.answer.choice == name
                        && $0.answer.value == value
                }
                .map { ($0.answer.subject.subject, $0.answer.at) }
            }
        }
        var counts: [String: Int] = [:]
        for (subject, at) in moments where at >= ranking.from && at < ranking.to { counts[subject, default: 0] += 1 }
        return counts.map { SubjectTally(subject: $0.key, count: $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.subject < $1.subject }
            .prefix(ranking.limit).map { $0 }
    }

    /// The stored events' keys, for the aggregates.
    func storedEvents() -> [NewResponse] {
        state.withLock { $0.responses.values.map(\.response) }
    }

    /// Each post's likes and replies in `category`, from the events that made them.
    func postTallies(category: String) -> [PostTally] {
        state.withLock { state in
            var tallies: [String: PostTally] = [:]
            for (_, like) in state.likes where state.responses[like.responseId]?.response.category == category {
                tallies[like.postId, default: PostTally(postId: like.postId, likes: 0, replies: 0)].likes += 1
            }
            for (_, reply) in state.replies where state.responses[reply.responseId]?.response.category == category {
                tallies[reply.postId, default: PostTally(postId: reply.postId, likes: 0, replies: 0)].replies += 1
            }
            return Array(tallies.values)
        }
    }

    /// Up to `limit + 1` rows below the cursor, newest first, as `Page(rows:limit:)` takes them.
    /// A post listing's count and the requested page of it.
    private static func listing<Item>(_ all: [(Int64, Item)], page: PageRequest) -> (total: Int, page: Page<Item>) {
        (all.count, Page(rows: newestFirst(all, page: page), limit: page.limit))
    }

    private static func newestFirst<Item>(_ rows: [(Int64, Item)], page: PageRequest) -> [(position: Int64, item: Item)]
    {
        rows.filter { position, _ in page.cursor.map { position < $0.position } ?? true }
            .sorted { $0.0 > $1.0 }
            .prefix(page.limit + 1)
            .map { (position: $0.0, item: $0.1) }
    }
}
