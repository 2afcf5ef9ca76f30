import ActionHubDomain
import Basics
import GroupCommit
import PostgreSQL

/// One writing connection: commits a batch of events in one transaction (a savepoint per event
/// once one has failed). Writers run side by side, one thread each; PostgreSQL's row locks and
/// unique keys, not this process, keep them and other instances from storing anything twice.
///
/// Round trips per batch without savepoints: BEGIN with the lookup of the batch's ids; one per
/// like (its answer has the post's count); then the events, their replies, the
/// aggregates, the posts' counts and COMMIT together (`PostgreSQLConnection.pipeline`).
final class PostgreSQLWriter: ActionEffects {
    /// Attempts per batch: a deadlock with another writer or a lost connection is retried on a
    /// fresh transaction before the batch's requests are refused.
    static let attempts = 3

    private let session: Session
    /// The connection of the batch being committed; the plans' effects go through it.
    private var connection: PostgreSQLConnection?
    /// The aggregates of the transaction's committed events, written before its COMMIT.
    private(set) var statsBatch = StatsBatch()
    /// Likes and replies the transaction's committed events added per post, added to the posts'
    /// counts in one statement before its COMMIT (migration 0009: the triggers leave this
    /// connection's inserts to it).
    private(set) var postCounts: [String: (likes: Int64, replies: Int64)] = [:]
    /// What the transaction's events found stored before it began: id → (fingerprint, body).
    private var storedBefore: [String: (fingerprint: String, body: String)] = [:]
    /// The transaction's events whose ids were erased (found by `beginFindingStored`).
    private var erasedBefore: Set<String> = []
    private var erasedIDs = ErasedIDs()
    /// Whether the last event's savepoint is still to be released.
    private var savepointOpen = false
    /// True while the batch is recorded without savepoints: events and replies are then kept
    /// here and written in the transaction's last round trip.
    private var deferring = false
    private(set) var deferredResponses: [(response: NewResponse, body: String)] = []
    private(set) var deferredReplies: [Reply] = []
    /// The posts the event being recorded liked (newly) and replied to.
    private var eventLikes: [String] = []
    private var eventReplies: [String] = []

    init(url: String) {
        session = Session(
            url: url, settings: ["SET actionhub.counts_by_writer = 'on'"],
            statements: PostgreSQLWriterSQL.statements + PostgreSQLStatsSQL.writerStatements
                + PostgreSQLSubjectsSQL.writerStatements)
    }

    /// Commits the batch, then completes every ticket: with its result after COMMIT, with the
    /// error otherwise. A retry after a lost connection is safe even if the lost COMMIT went
    /// through: events found stored are answered with their stored bodies.
    func commit(_ batch: [CommitTicket], observe: (@Sendable (Int, Duration) -> Void)?) {
        let started = ContinuousClock.now
        // Likes are locked per (post, user): taking them in (post, user) order in every
        // transaction keeps concurrent batches from locking in opposite orders (a deadlock, which
        // PostgreSQL takes deadlock_timeout, 1 s by default, to notice).
        let batch = batch.sorted { Self.lockOrder($0.response) < Self.lockOrder($1.response) }
        var results = [Result<RecordResult, any Error>?](repeating: nil, count: batch.count)
        var next = 0
        var failures = 0
        // Without savepoints first (one round trip less per event): when an event fails, or finds
        // its id taken when it inserts, the transaction is rolled back and the batch is recorded
        // again with one savepoint per event, which undoes only that event. An id twice in the
        // batch takes the second path from the start.
        var guarded = Set(batch.lazy.map(\.response.id)).count < batch.count
        while next < batch.count {
            do {
                next = try session.withConnection {
                    try commit(batch, from: next, into: &results, on: $0, guarded: guarded)
                }
            } catch is UnguardedEventFailed {
                guarded = true
            } catch let error as PostgreSQLError
                where failures + 1 < Self.attempts && (error.isRetryable || error.isConnectionLost)
            {
                failures += 1
            } catch {
                for index in next..<batch.count { results[index] = .failure(error) }
                break
            }
        }
        observe?(batch.count, ContinuousClock.now - started)
        for (ticket, result) in zip(batch, results) {
            ticket.complete(result ?? .failure(PostgreSQLError(code: "", message: "event left uncommitted")))
        }
    }

    private static func lockOrder(_ response: NewResponse) -> (String, String, String) {
        (response.lockKey ?? "", response.userId, response.id)
    }

    /// Commits the tickets from `start` on in one transaction and returns the index after the
    /// last one committed. When a ticket runs into a deadlock (another writer or instance locked
    /// the same likes in the other order), the tickets before it are committed without it: that
    /// releases the locks the other transaction waits for, and the next transaction starts with
    /// the ticket that failed.
    private func commit(
        _ batch: [CommitTicket], from start: Int, into results: inout [Result<RecordResult, any Error>?],
        on connection: PostgreSQLConnection, guarded: Bool
    ) throws -> Int {
        self.connection = connection
        defer { self.connection = nil }
        savepointOpen = false
        deferring = !guarded
        deferredResponses.removeAll(keepingCapacity: true)
        deferredReplies.removeAll(keepingCapacity: true)
        statsBatch = StatsBatch()
        postCounts.removeAll(keepingCapacity: true)
        try beginFindingStored(batch[start...], on: connection)
        var recorded: [(index: Int, result: Result<RecordResult, any Error>)] = []
        var end = batch.count
        for index in start..<batch.count {
            guard guarded else {
                recorded.append((index, .success(try recordUnguarded(batch[index], on: connection))))
                continue
            }
            do {
                recorded.append((index, try recordInSavepoint(batch[index], on: connection)))
            } catch let error as PostgreSQLError where error.isRetryable && !recorded.isEmpty {
                try connection.execute("ROLLBACK TO event; RELEASE event")
                savepointOpen = false
                end = index
                break
            }
        }
        do {
            try connection.pipeline(
                deferredStatements() + statsStatements() + postCountsStatements() + [.sql("COMMIT")])
        } catch let error as PostgreSQLError where deferring && !error.isRetryable && !error.isConnectionLost {
            // One of the deferred events failed (its id stored meanwhile, say): which one is
            // found recording the batch again with savepoints.
            throw UnguardedEventFailed()
        }
        for (index, result) in recorded { results[index] = result }
        return end
    }

    /// The effect's error as the ticket's result; a database failure that dooms the whole
    /// transaction (lost connection, deadlock) is thrown.
    private func recordInSavepoint(_ ticket: CommitTicket, on connection: PostgreSQLConnection) throws -> Result<
        RecordResult, any Error
    > {
        // The previous event's savepoint is released with this one's start, one round trip for
        // both (COMMIT releases the last); released, so that a batch never holds more than one
        // subtransaction open (past 64 PostgreSQL's snapshots overflow for every session).
        try connection.execute(savepointOpen ? "RELEASE event; SAVEPOINT event" : "SAVEPOINT event")
        savepointOpen = true
        do {
            let result = try record(ticket.response, perform: ticket.perform, on: connection)
            if case .created = result { counted(ticket.response) }
            return .success(result)
        } catch is StoredMeanwhile {
            // Another writer or instance committed this id while we applied its plan: undo our
            // effects and answer with what it stored.
            try connection.execute("ROLLBACK TO event; RELEASE event")
            savepointOpen = false
            guard let stored = try stored(ticket.response, on: connection) else {
                return .failure(PostgreSQLError(code: "", message: "response \(ticket.response.id) vanished"))
            }
            return .success(stored)
        } catch let error as PostgreSQLError where error.isConnectionLost || error.isRetryable {
            throw error
        } catch {
            try connection.execute("ROLLBACK TO event; RELEASE event")
            savepointOpen = false
            return .failure(error)
        }
    }

    /// The event recorded with no savepoint of its own: any failure dooms the transaction.
    private func recordUnguarded(_ ticket: CommitTicket, on connection: PostgreSQLConnection) throws
        -> RecordResult
    {
        do {
            let result = try record(ticket.response, perform: ticket.perform, on: connection)
            if case .created = result { counted(ticket.response) }
            return result
        } catch {
            throw UnguardedEventFailed()
        }
    }

    /// The committed event's likes, replies and aggregates, written before COMMIT.
    private func counted(_ response: NewResponse) {
        statsBatch.add(response, receivedAt: response.receivedAt, likes: eventLikes, replies: eventReplies)
        for post in eventLikes { postCounts[post, default: (0, 0)].likes += 1 }
        for post in eventReplies { postCounts[post, default: (0, 0)].replies += 1 }
    }

    private func record(
        _ response: NewResponse, perform: (any ActionEffects) throws -> String, on connection: PostgreSQLConnection
    ) throws -> RecordResult {
        // Stored before the transaction began (found by `beginFindingStored`). One stored after it
        // began (by another writer or instance, or earlier in this batch) makes the insert find
        // the id taken: with savepoints, the insert below throws `StoredMeanwhile`, which undoes
        // this event's effects and reads what was stored; without, the deferred insert fails the
        // transaction and the batch is recorded again with savepoints.
        if let stored = storedBefore[response.id] {
            return stored.fingerprint == response.fingerprint ? .replayed(body: stored.body) : .conflict
        }
        if erasedBefore.contains(response.id) { return .erased }
        eventLikes.removeAll(keepingCapacity: true)
        eventReplies.removeAll(keepingCapacity: true)
        let body = try perform(self)
        if deferring {
            deferredResponses.append((response, body))
            return .created(body: body)
        }
        let inserted = try connection.run(
            prepared: "insert_response",
            [
                response.id, response.userId, response.category, response.action, response.fingerprint, body,
                response.notification, String(response.receivedAt), String(Timestamp.milliseconds()),
            ] + WebhookEventPattern.candidates(category: response.category, action: response.action))
        guard inserted.rowCount == 1 else { throw StoredMeanwhile() }
        return .created(body: body)
    }

    /// Opens the transaction and looks up its events' ids, in one round trip.
    private func beginFindingStored(_ tickets: ArraySlice<CommitTicket>, on connection: PostgreSQLConnection) throws {
        storedBefore.removeAll(keepingCapacity: true)
        erasedBefore.removeAll(keepingCapacity: true)
        let digests = try erasedIDs.digests(of: tickets.map(\.response.id), on: connection)
        let results = try connection.pipeline([
            .sql("BEGIN"),
            .sql(PostgreSQLWriterSQL.findStored, [PostgreSQLArray.literal(tickets.lazy.map(\.response.id))]),
            .sql(PostgreSQLWriterSQL.findErased, [PostgreSQLArray.literal(digests.keys)]),
        ])
        let (found, erased) = (results[1], results[2])
        for row in 0..<erased.rowCount {
            if let id = digests[erased.text(row: row, column: 0) ?? ""] { erasedBefore.insert(id) }
        }
        for row in 0..<found.rowCount {
            storedBefore[found.text(row: row, column: 0) ?? ""] = (
                found.text(row: row, column: 1) ?? "", found.text(row: row, column: 2) ?? ""
            )
        }
    }

    private func stored(_ response: NewResponse, on connection: PostgreSQLConnection) throws -> RecordResult? {
        let found = try connection.run(prepared: "find_response", [response.id])
        guard found.rowCount == 1 else { return nil }
        let fingerprint = found.text(row: 0, column: 0) ?? ""
        return fingerprint == response.fingerprint
            ? .replayed(body: found.text(row: 0, column: 1) ?? "") : .conflict
    }

    func addLike(_ like: Like) throws -> LikeChange {
        let result = try effectsConnection().run(
            prepared: "add_like", [like.postId, like.userId, like.responseId, like.likedAt])
        let added = result.integer(row: 0, column: 0) ?? 0
        let committed = result.integer(row: 0, column: 1) ?? 0
        let earlierInBatch = postCounts[like.postId]?.likes ?? 0
        if added == 1 { eventLikes.append(like.postId) }
        return LikeChange(added: added == 1, likeCount: Int(committed + earlierInBatch + added))
    }

    func addReply(_ reply: Reply) throws {
        let connection = try effectsConnection()
        if deferring {
            deferredReplies.append(reply)
        } else {
            try connection.run(
                prepared: "insert_reply",
                [reply.replyId, reply.postId, reply.userId, reply.text, reply.responseId, reply.createdAt])
        }
        eventReplies.append(reply.postId)
    }

    func effectsConnection() throws -> PostgreSQLConnection {
        guard let connection else {
            throw PostgreSQLError(code: "", message: "effects used outside a transaction")
        }
        return connection
    }
}

/// The event's id was committed by someone else after this transaction looked for it.
private struct StoredMeanwhile: Error {}

/// An event recorded without a savepoint failed: the batch is recorded again with savepoints.
private struct UnguardedEventFailed: Error {}
