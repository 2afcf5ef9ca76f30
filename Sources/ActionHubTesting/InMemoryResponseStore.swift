import ActionHubDomain
import Basics

/// A `ResponseStore` in memory with the same semantics as the durable ones: for tests and for
/// trying routes without a database. Nothing survives the process.
public final class InMemoryResponseStore: ResponseStore {
    struct StoredResponse {
        var position: Int64
        var response: NewResponse
        var body: String
    }

    struct State {
        var nextPosition: Int64 = 1
        var responses: [String: StoredResponse] = [:]
        var likes: [(position: Int64, like: Like)] = []
        var replies: [(position: Int64, reply: Reply)] = []
        var members: [(position: Int64, membership: Membership)] = []
        var answers: [(position: Int64, answer: ChoiceAnswer)] = []
        var entries: [(position: Int64, entry: ListEntry)] = []
        /// What erasures and retention left: the erased ids, refused from then on, and what the
        /// stats still count.
        var erasedIDs: Set<String> = []
        var statsOnlyEvents: [NewResponse] = []
        var statsOnlyPostTallies: [(category: String, postId: String, likes: Int, replies: Int)] = []
        var erasures = 0
        var devices: [(position: Int64, device: Device)] = []

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

    let state = Locked(State())

    public init() {}

    /// Runs on the caller's thread: the result is there when it returns.
    public func record(_ response: NewResponse, perform: @escaping @Sendable (any ActionEffects) throws -> String)
        -> Deferred<Result<RecordResult, any Error>>
    {
        .ready(Result { try commit(response, perform: perform) })
    }

    private func commit(_ response: NewResponse, perform: (any ActionEffects) throws -> String) throws -> RecordResult {
        try state.withLock { state in
            if state.erasedIDs.contains(response.id) { return .erased }
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

    /// The stored events' keys, for the aggregates.
    func storedEvents() -> [NewResponse] {
        state.withLock { $0.responses.values.map(\.response) + $0.statsOnlyEvents }
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
            for erased in state.statsOnlyPostTallies where erased.category == category {
                tallies[erased.postId, default: PostTally(postId: erased.postId, likes: 0, replies: 0)].likes +=
                    erased.likes
                tallies[erased.postId, default: PostTally(postId: erased.postId, likes: 0, replies: 0)].replies +=
                    erased.replies
            }
            return Array(tallies.values)
        }
    }

    /// Up to `limit + 1` rows below the cursor, newest first, as `Page(rows:limit:)` takes them.
    /// A post listing's count and the requested page of it.
    private static func listing<Item>(_ all: [(Int64, Item)], page: PageRequest) -> (total: Int, page: Page<Item>) {
        (all.count, Page(rows: newestFirst(all, page: page), limit: page.limit))
    }

    static func newestFirst<Item>(_ rows: [(Int64, Item)], page: PageRequest) -> [(position: Int64, item: Item)] {
        rows.filter { position, _ in page.cursor.map { position < $0.position } ?? true }
            .sorted { $0.0 > $1.0 }
            .prefix(page.limit + 1)
            .map { (position: $0.0, item: $0.1) }
    }
}
