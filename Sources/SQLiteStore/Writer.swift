import ActionHub
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
    private let begin: SQLiteStatement
    private let commit: SQLiteStatement
    private let rollback: SQLiteStatement
    private let savepoint: SQLiteStatement
    private let release: SQLiteStatement
    private let rollbackToSavepoint: SQLiteStatement

    init(path: String) throws {
        connection = try SQLiteConnection(path: path)
        // WAL with synchronous=FULL: a COMMIT returns only after the WAL is fsynced, which is
        // what a 2xx promises. <https://www.sqlite.org/pragma.html#pragma_synchronous>
        try connection.execute("PRAGMA journal_mode = WAL")
        try connection.execute("PRAGMA synchronous = FULL")
        try Migrator(Schema.migrations).migrate(connection)
        findResponse = try connection.prepare("SELECT fingerprint, body FROM responses WHERE id = ?1")
        insertResponse = try connection.prepare(
            "INSERT INTO responses (id, user_id, category, action, fingerprint, body) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
        insertLike = try connection.prepare(
            """
            INSERT INTO likes (post_id, user_id, response_id, liked_at) VALUES (?1, ?2, ?3, ?4)
            ON CONFLICT (post_id, user_id) DO NOTHING
            """)
        countLikes = try connection.prepare("SELECT count(*) FROM likes WHERE post_id = ?1")
        insertReply = try connection.prepare(
            """
            INSERT INTO replies (reply_id, post_id, user_id, text, response_id, created_at)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6)
            """)
        begin = try connection.prepare("BEGIN IMMEDIATE")
        commit = try connection.prepare("COMMIT")
        rollback = try connection.prepare("ROLLBACK")
        savepoint = try connection.prepare("SAVEPOINT event")
        release = try connection.prepare("RELEASE event")
        rollbackToSavepoint = try connection.prepare("ROLLBACK TO event")
    }

    /// Commits a batch in one transaction, each event in a savepoint so that one failing handler
    /// rolls back only its own event, then completes every ticket: with its result after a
    /// successful COMMIT, with the COMMIT's error otherwise. `observe` hears of each commit
    /// before any request is answered, so metrics never lag the answers.
    func commit(
        _ batch: [CommitTicket], acknowledgeBeforeCommit: Bool, observe: (@Sendable (Int, Duration) -> Void)? = nil
    ) {
        let started = ContinuousClock.now
        var results: [Result<RecordResult, any Error>] = []
        do {
            try begin.run()
            for ticket in batch {
                results.append(try recordInSavepoint(ticket))
            }
            if acknowledgeBeforeCommit {
                for (ticket, result) in zip(batch, results) { ticket.complete(result) }
                // Holds the COMMIT back, so that a kill -9 can land between the answers and it.
                Thread.sleep(forTimeInterval: 0.05)
            }
            try commit.run()
        } catch {
            if !connection.isAutocommit {
                // The COMMIT's error is the one to report; SQLite rolls back by itself if this fails.
                try? rollback.run()
            }
            results = batch.map { _ in .failure(error) }
        }
        observe?(batch.count, ContinuousClock.now - started)
        guard !acknowledgeBeforeCommit else { return }
        for (ticket, result) in zip(batch, results) { ticket.complete(result) }
    }

    /// The handler's error as the ticket's result; a failure of the savepoint itself is thrown,
    /// failing the batch.
    private func recordInSavepoint(_ ticket: CommitTicket) throws -> Result<RecordResult, any Error> {
        try savepoint.run()
        do {
            let result = try record(ticket.response, perform: ticket.perform)
            try release.run()
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
        let body = try perform(self)
        try insertResponse.run([
            .text(response.id), .text(response.userId), .text(response.category), .text(response.action),
            .text(response.fingerprint), .text(body),
        ])
        return .created(body: body)
    }

    func addLike(_ like: Like) throws -> LikeChange {
        try insertLike.run([.text(like.postId), .text(like.userId), .text(like.responseId), .text(like.likedAt)])
        let added = connection.changes == 1
        let count = try countLikes.rows([.text(like.postId)]) { $0.integer(at: 0) }.first ?? 0
        return LikeChange(added: added, likeCount: Int(count))
    }

    func addReply(_ reply: Reply) throws {
        try insertReply.run([
            .text(reply.replyId), .text(reply.postId), .text(reply.userId), .text(reply.text), .text(reply.responseId),
            .text(reply.createdAt),
        ])
    }
}

extension Writer {
    func pragma(_ name: String) throws -> String? {
        try connection.prepare("PRAGMA \(name)").rows { $0.text(at: 0) }.first ?? nil
    }
}

extension Writer {
    /// Writes and commits a heartbeat row: fails when the database cannot take writes.
    func probe() throws {
        try connection.transaction(.immediate) {
            try connection.execute(
                "INSERT INTO heartbeat (id, checked_at) VALUES (1, strftime('%Y-%m-%dT%H:%M:%fZ')) "
                    + "ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at")
        }
    }
}
