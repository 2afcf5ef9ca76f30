import ActionHub
import SQLite

/// The one connection that writes, with its statements prepared once. Used under the store's lock.
final class Writer: ActionEffects {
    let connection: SQLiteConnection
    private let findResponse: SQLiteStatement
    private let insertResponse: SQLiteStatement
    private let insertLike: SQLiteStatement
    private let countLikes: SQLiteStatement
    private let insertReply: SQLiteStatement

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
    }

    func record(_ response: NewResponse, perform: @Sendable (any ActionEffects) throws -> String) throws -> RecordResult
    {
        try connection.transaction(.immediate) {
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
