import ActionHubDomain
import Basics
import Foundation
import GroupCommit
import SQLite

/// The one connection that writes, with its statements prepared once. Used under the store's lock.
final class Writer: ActionEffects {
    let connection: SQLiteConnection
    private let findResponse: SQLiteStatement
    private let insertResponse: SQLiteStatement
    private let insertLike: SQLiteStatement
    private let countLikes: SQLiteStatement
    private let insertReply: SQLiteStatement
    private let insertDelivery: SQLiteStatement
    private let dataVersion: SQLiteStatement
    private let allSubscriptions: SQLiteStatement
    let writeTransaction: SQLiteTransaction
    private let savepoint: SQLiteStatement
    private let release: SQLiteStatement
    private let rollbackToSavepoint: SQLiteStatement
    private let stats: SQLiteStatsWriter
    private let subjects: SQLiteSubjectWriter
    let eraser: SQLiteEraser
    let pruner: SQLitePruner
    /// Whether any response was erased, as of the last batch: a new id is looked up only then.
    var erasedAny = false
    /// A row of (busy, log frames, frames copied); PASSIVE never waits for the busy handler.
    private let checkpoint: SQLiteStatement

    /// `connection` commits with `synchronous=NORMAL` (`SQLiteDatabase.openEventWriter`);
    /// checkpoints run after a batch is handed to the syncer, not inside its COMMIT.
    init(connection: SQLiteConnection) throws {
        self.connection = connection
        findResponse = try connection.prepare("SELECT fingerprint, body FROM responses WHERE id = ?1")
        insertResponse = try connection.prepare(
            """
            INSERT INTO responses (id, user_id, category, action, fingerprint, body, notification, received_at)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
            """)
        insertLike = try connection.prepare(
            """
            INSERT INTO likes (post_id, user_id, response_id, liked_at) VALUES (?1, ?2, ?3, ?4)
            ON CONFLICT (post_id, user_id) DO NOTHING
            """)
        countLikes = try connection.prepare("SELECT likes FROM post_counts WHERE post_id = ?1")
        insertReply = try connection.prepare(
            """
            INSERT INTO replies (reply_id, post_id, user_id, text, response_id, created_at)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6)
            """)
        // The outbox: one delivery per endpoint whose patterns match the event, in its transaction.
        insertDelivery = try connection.prepare(
            """
            INSERT INTO webhook_deliveries (endpoint_id, response_position, created_at, next_attempt_at)
            VALUES (?1, ?2, ?3, ?3)
            """)
        dataVersion = try connection.prepare("PRAGMA data_version")
        allSubscriptions = try connection.prepare("SELECT pattern, endpoint_id FROM webhook_subscriptions")
        writeTransaction = try SQLiteTransaction(on: connection, kind: .immediate)
        savepoint = try connection.prepare("SAVEPOINT event")
        release = try connection.prepare("RELEASE event")
        rollbackToSavepoint = try connection.prepare("ROLLBACK TO event")
        stats = try SQLiteStatsWriter(connection: connection)
        subjects = try SQLiteSubjectWriter(connection: connection)
        eraser = try SQLiteEraser(connection: connection)
        pruner = try SQLitePruner(connection: connection, eraser: eraser)
        checkpoint = try connection.prepare("PRAGMA wal_checkpoint(PASSIVE)")
    }

    /// Commits a batch in one transaction, each event in a savepoint so that one failing effect
    /// rolls back only its own event, then hands the batch with its results (or the COMMIT's
    /// error for every event) to `syncer`, which answers once the log is on disk. Nothing is
    /// committed once a sync has failed.
    func commit(
        _ batch: [CommitTicket], acknowledgeBeforeCommit: Bool, syncer: WALSyncer, checkpointer: WALCheckpointer
    ) {
        let started = ContinuousClock.now
        let results: [Result<RecordResult, any Error>]
        // The newest position this batch committed, once its COMMIT succeeded: the feed shows up
        // to it after the sync.
        var committedUpTo: Int64?
        newestPosition = nil
        batchStartedAt = Timestamp.milliseconds()
        statsBatch = StatsBatch()
        do {
            if let failure = syncer.failed ?? checkpointer.failed { throw failure }
            // A storage fault in any event, or a failed COMMIT, rolls the whole batch back; its
            // error is then every event's.
            let (committed, last) = try writeTransaction.run {
                try loadSubscriptionsIfChanged()
                let results = try batch.map { try recordInSavepoint($0) }
                try stats.write(&statsBatch)
                if acknowledgeBeforeCommit {
                    for (ticket, result) in zip(batch, results) { ticket.complete(result) }
                    // Holds the COMMIT back, so that a kill -9 can land between the answers and it.
                    Thread.sleep(forTimeInterval: 0.05)
                }
                return (results, newestPosition)
            }
            results = committed
            committedUpTo = last
        } catch {
            results = batch.map { _ in .failure(error) }
        }
        guard !acknowledgeBeforeCommit else { return }
        syncer.add(
            WALSyncer.Batch(tickets: batch, results: results, started: started, committedUpTo: committedUpTo))
        moveCheckpointAlong(after: batch.count, checkpointer: checkpointer)
    }

    /// Counts a committed batch's events. Every `copyAheadEvery` the checkpointer copies the log
    /// into the database file and syncs it; once `checkpointEvery` have come, it makes two more
    /// passes (the second copies what came during the first's sync) while this thread goes on
    /// committing, and then this connection checkpoints what is left: the batches of the short
    /// second pass. The writer's stall, and so the POST tail, is that remainder and its sync.
    private func moveCheckpointAlong(after events: Int, checkpointer: WALCheckpointer) {
        let before = eventsSinceCheckpoint
        eventsSinceCheckpoint += events
        guard eventsSinceCheckpoint >= Self.checkpointEvery else {
            if eventsSinceCheckpoint / Self.copyAheadEvery > before / Self.copyAheadEvery { checkpointer.nudge() }
            return
        }
        // Past four times the interval the checkpointer is not keeping up: the log is bounded
        // by checkpointing without waiting for it.
        if eventsSinceCheckpoint < Self.checkpointEvery * 4 {
            guard let pass = awaitedPass else {
                awaitedPass = (checkpointer.nudge(), more: 1)
                return
            }
            guard checkpointer.hasFinished(pass.number) else { return }
            if pass.more > 0 {
                awaitedPass = (checkpointer.nudge(), more: pass.more - 1)
                return
            }
        }
        // After a failed sync of the database file, a checkpoint that lets the log start over
        // could lose what that sync did not write.
        guard checkpointer.failed == nil else { return }
        // Busy means the checkpointer is copying: tried again after the next batch. A disk that
        // fails shows in the next COMMIT or sync, and the log grows until a checkpoint succeeds.
        if (try? checkpoint.rows { $0.integer(at: 0) }.first) == 0 {
            eventsSinceCheckpoint = 0
            awaitedPass = nil
        }
    }

    /// Events between the writer's checkpoints. SQLite's own (every 1000 pages, inside COMMIT)
    /// held up every answer in the batch; run here, after the batch went to the syncer, it holds
    /// up only the next batch. Done by this connection between its transactions, so the log is
    /// fully copied when the next one begins and starts over: it stays bounded. (A PASSIVE
    /// checkpoint on another thread never found it so and let it grow past 1 GB in 9 s.)
    static let checkpointEvery = 1024
    /// Events between passes of `WALCheckpointer`, which copies most of the log beforehand and
    /// syncs it, so that the writer's sync finds few pages to write.
    static let copyAheadEvery = 256
    /// The position of the response row `record` inserted last.
    private var insertedPosition: Int64 = 0
    /// The newest position of the batch being committed: of its created events' rows.
    private var newestPosition: Int64?
    private var eventsSinceCheckpoint = 0
    /// The checkpointer's pass a due checkpoint waits for, and how many it asks for after that one.
    private var awaitedPass: (number: Int, more: Int)?
    /// When the batch began, Unix milliseconds: its deliveries' creation time.
    private var batchStartedAt: Int64 = 0
    /// Webhook endpoints by the patterns they hear, as of `subscriptionsVersion`.
    private var subscriptions: [String: [String]] = [:]
    private var subscriptionsVersion: Int64?
    /// The aggregates of the batch's committed events, written before its COMMIT.
    private var statsBatch = StatsBatch()
    /// The posts the event being recorded liked (newly) and replied to, counted once its
    /// savepoint is released.
    private var eventLikes: [String] = []
    private var eventReplies: [String] = []

    /// Reads the subscriptions again when another connection committed since they were read.
    /// Called inside the batch's write transaction, which no other connection can commit during:
    /// what it reads holds for the whole batch. An event with no endpoint to hear it then costs
    /// no statement at all (an INSERT … SELECT per event cost 13% of a POST's instructions).
    /// <https://www.sqlite.org/pragma.html#pragma_data_version>
    private func loadSubscriptionsIfChanged() throws {
        let version = try dataVersion.rows([]) { $0.integer(at: 0) }.first
        guard version != subscriptionsVersion else { return }
        // Another connection (`actionhub users erase`) may have erased.
        erasedAny = try eraser.anyWereErased()
        var loaded: [String: [String]] = [:]
        for (pattern, endpoint) in try allSubscriptions.rows([], { ($0.text(at: 0) ?? "", $0.text(at: 1) ?? "") }) {
            loaded[pattern, default: []].append(endpoint)
        }
        subscriptions = loaded
        subscriptionsVersion = version
    }

    /// The effect's error as the ticket's result; a failure of the savepoint itself is thrown,
    /// failing the batch.
    private func recordInSavepoint(_ ticket: CommitTicket) throws -> Result<RecordResult, any Error> {
        try savepoint.run()
        do {
            let result = try record(ticket.response, perform: ticket.perform)
            try release.run()
            if case .created = result {
                // The event's own row, inserted last in `record`: kept only once its savepoint is
                // released, so a rolled-back row (whose rowid a later event reuses) never counts.
                newestPosition = max(newestPosition ?? 0, insertedPosition)
                statsBatch.add(
                    ticket.response, receivedAt: ticket.response.receivedAt, likes: eventLikes, replies: eventReplies)
            }
            return .success(result)
        } catch let error as SQLiteError where error.isStorageFault || error.isBusy {
            throw error
        } catch {
            try rollbackToSavepoint.run()
            try release.run()
            return .failure(error)
        }
    }

    private func record(_ response: NewResponse, perform: (any ActionEffects) throws -> String) throws -> RecordResult {
        let stored = try findResponse.rows([.text(response.id)]) { ($0.text(at: 0) ?? "", $0.text(at: 1) ?? "") }
        if let (fingerprint, body) = stored.first {
            return fingerprint == response.fingerprint ? .replayed(body: body) : .conflict
        }
        if erasedAny, try eraser.isErased(response.id) { return .erased }
        eventLikes.removeAll(keepingCapacity: true)
        eventReplies.removeAll(keepingCapacity: true)
        let body = try perform(self)
        try insertResponse.run([
            .text(response.id), .text(response.userId), .text(response.category), .text(response.action),
            .text(response.fingerprint), .text(body), SQLiteValue(response.notification),
            .integer(response.receivedAt),
        ])
        insertedPosition = connection.lastInsertRowid
        if !subscriptions.isEmpty {
            let patterns = WebhookEventPattern.candidates(category: response.category, action: response.action)
            for endpoint in Set(patterns.flatMap { subscriptions[$0] ?? [] }).sorted() {
                try insertDelivery.run([.text(endpoint), .integer(insertedPosition), .integer(batchStartedAt)])
            }
        }
        return .created(body: body)
    }

    func addLike(_ like: Like) throws -> LikeChange {
        try insertLike.run([.text(like.postId), .text(like.userId), .text(like.responseId), .text(like.likedAt)])
        let added = connection.changes == 1
        if added { eventLikes.append(like.postId) }
        let count = try countLikes.rows([.text(like.postId)]) { $0.integer(at: 0) }.first ?? 0
        return LikeChange(added: added, likeCount: Int(count))
    }

    func addReply(_ reply: Reply) throws {
        try insertReply.run([
            .text(reply.replyId), .text(reply.postId), .text(reply.userId), .text(reply.text), .text(reply.responseId),
            .text(reply.createdAt),
        ])
        eventReplies.append(reply.postId)
    }

    func toggle(_ membership: Membership, remove: Bool) throws -> MembershipChange {
        try subjects.toggle(membership, remove: remove)
    }

    func choose(_ answer: ChoiceAnswer) throws -> ChoiceChange {
        try subjects.choose(answer)
    }

    func append(_ entry: ListEntry) throws {
        try subjects.append(entry)
    }
}

extension Writer {
    func pragma(_ name: String) throws -> String? {
        try connection.prepare("PRAGMA \(name)").rows { $0.text(at: 0) }.first ?? nil
    }
}

extension Writer {
    /// Recounts the aggregates in one write transaction: batches wait for it, so none is counted
    /// twice or missed.
    func rebuildStats() throws {
        try writeTransaction.run { try stats.rebuild() }
    }
}

extension Writer {
    /// Writes and commits a heartbeat row: fails when the database cannot take writes.
    func probe() throws {
        try writeTransaction.run {
            try connection.execute(
                "INSERT INTO heartbeat (id, checked_at) VALUES (1, strftime('%Y-%m-%dT%H:%M:%fZ')) "
                    + "ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at")
        }
    }
}
