import ActionHub
import GroupCommit
import PostgreSQL

/// One writing connection: commits a batch of events in one transaction, each in a savepoint.
/// Several writers run side by side (one thread each); PostgreSQL's row locks and unique keys,
/// not this process, keep them and other instances from storing anything twice.
final class PostgreSQLWriter: ActionEffects {
    /// Attempts per batch: a deadlock with another writer or a lost connection is retried on a
    /// fresh transaction before the batch's requests are refused.
    static let attempts = 3

    private let session: Session
    /// The connection of the batch being committed; handlers' effects go through it.
    private var connection: PostgreSQLConnection?

    init(url: String) {
        session = Session(
            url: url,
            statements: [
                ("find_response", "SELECT fingerprint, body FROM responses WHERE id = $1"),
                (
                    "insert_response",
                    """
                    INSERT INTO responses (id, user_id, category, action, fingerprint, body)
                    VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING
                    """
                ),
                // The count reads the statement's snapshot, which does not hold the row the same
                // statement inserts: hence count + inserted.
                (
                    "add_like",
                    """
                    WITH inserted AS (
                        INSERT INTO likes (post_id, user_id, response_id, liked_at) VALUES ($1, $2, $3, $4)
                        ON CONFLICT (post_id, user_id) DO NOTHING RETURNING 1)
                    SELECT (SELECT count(*) FROM inserted), (SELECT count(*) FROM likes WHERE post_id = $1)
                    """
                ),
                (
                    "insert_reply",
                    """
                    INSERT INTO replies (reply_id, post_id, user_id, text, response_id, created_at)
                    VALUES ($1, $2, $3, $4, $5, $6)
                    """
                ),
            ])
    }

    /// Commits the batch, then completes every ticket: with its result after COMMIT, with the
    /// error otherwise. A retry after a lost connection is safe even if the lost COMMIT went
    /// through: events found stored are answered with their stored bodies.
    func commit(_ batch: [CommitTicket], observe: (@Sendable (Int, Duration) -> Void)?) {
        let started = ContinuousClock.now
        var results: [Result<RecordResult, any Error>] = []
        for attempt in 1...Self.attempts {
            do {
                results = try session.withConnection { try commitOnce(batch, on: $0) }
                break
            } catch let error as PostgreSQLError
                where attempt < Self.attempts && (error.isRetryable || error.isConnectionLost)
            {
                continue
            } catch {
                results = batch.map { _ in .failure(error) }
                break
            }
        }
        observe?(batch.count, ContinuousClock.now - started)
        for (ticket, result) in zip(batch, results) { ticket.complete(result) }
    }

    private func commitOnce(_ batch: [CommitTicket], on connection: PostgreSQLConnection) throws
        -> [Result<RecordResult, any Error>]
    {
        self.connection = connection
        defer { self.connection = nil }
        try connection.execute("BEGIN")
        let results = try batch.map { try recordInSavepoint($0, on: connection) }
        try connection.execute("COMMIT")
        return results
    }

    /// The handler's error as the ticket's result; a database failure that dooms the whole
    /// transaction (lost connection, deadlock) is thrown.
    private func recordInSavepoint(_ ticket: CommitTicket, on connection: PostgreSQLConnection) throws -> Result<
        RecordResult, any Error
    > {
        try connection.execute("SAVEPOINT event")
        do {
            let result = try record(ticket.response, perform: ticket.perform, on: connection)
            try connection.execute("RELEASE event")
            return .success(result)
        } catch is StoredMeanwhile {
            // Another writer or instance committed this id while we ran the handler: undo our
            // effects and answer with what it stored.
            try connection.execute("ROLLBACK TO event; RELEASE event")
            guard let stored = try stored(ticket.response, on: connection) else {
                return .failure(PostgreSQLError(code: "", message: "response \(ticket.response.id) vanished"))
            }
            return .success(stored)
        } catch let error as PostgreSQLError where error.isConnectionLost || error.isRetryable {
            throw error
        } catch {
            try connection.execute("ROLLBACK TO event; RELEASE event")
            return .failure(error)
        }
    }

    private func record(
        _ response: NewResponse, perform: (any ActionEffects) throws -> String, on connection: PostgreSQLConnection
    ) throws -> RecordResult {
        if let stored = try stored(response, on: connection) { return stored }
        let body = try perform(self)
        let inserted = try connection.run(
            prepared: "insert_response",
            [response.id, response.userId, response.category, response.action, response.fingerprint, body])
        guard inserted.affectedRows == 1 else { throw StoredMeanwhile() }
        return .created(body: body)
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
        let before = result.integer(row: 0, column: 1) ?? 0
        return LikeChange(added: added == 1, likeCount: Int(before + added))
    }

    func addReply(_ reply: Reply) throws {
        try effectsConnection().run(
            prepared: "insert_reply",
            [reply.replyId, reply.postId, reply.userId, reply.text, reply.responseId, reply.createdAt])
    }

    private func effectsConnection() throws -> PostgreSQLConnection {
        guard let connection else {
            throw PostgreSQLError(code: "", message: "effects used outside a transaction")
        }
        return connection
    }
}

/// The event's id was committed by someone else after this transaction looked for it.
private struct StoredMeanwhile: Error {}
