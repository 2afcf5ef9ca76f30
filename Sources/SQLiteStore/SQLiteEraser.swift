import ActionHubDomain
import Basics
import Crypto
import Foundation
import SQLite

/// The writer's statements for erasing a user and for recognising an erased response id. Used by
/// `Writer` only, on its thread, inside its write transaction.
final class SQLiteEraser {
    private let connection: SQLiteConnection
    private let key: SQLiteStatement
    private let anyErased: SQLiteStatement
    private let findErased: SQLiteStatement
    private let insertErased: SQLiteStatement
    private let userResponses: SQLiteStatement
    private let userMemberships: SQLiteStatement
    private let userChoices: SQLiteStatement
    private let userEntries: SQLiteStatement
    private let lowerCount: SQLiteStatement
    private let renameInStats: SQLiteStatement
    private let deletions: [(kind: WritableKeyPath<ErasedCounts, Int>, statement: SQLiteStatement)]
    /// The key of the erased ids' hashes, made by the migration; read once.
    private var digestKey: [UInt8]?

    init(connection: SQLiteConnection) throws {
        self.connection = connection
        key = try connection.prepare("SELECT value FROM secrets WHERE name = 'erasure-key'")
        anyErased = try connection.prepare("SELECT EXISTS (SELECT 1 FROM erased_responses)")
        findErased = try connection.prepare("SELECT 1 FROM erased_responses WHERE digest = ?1")
        insertErased = try connection.prepare("INSERT OR IGNORE INTO erased_responses (digest) VALUES (?1)")
        userResponses = try connection.prepare("SELECT id FROM responses WHERE user_id = ?1")
        userMemberships = try connection.prepare(
            "SELECT category, subject, set_name, '' FROM subject_members WHERE user_id = ?1")
        userChoices = try connection.prepare(
            "SELECT category, subject, choice_name, value FROM subject_answers WHERE user_id = ?1")
        userEntries = try connection.prepare(
            "SELECT category, subject, list_name, '' FROM subject_entries WHERE user_id = ?1")
        lowerCount = try connection.prepare(
            """
            UPDATE subject_counts SET count = count - 1
            WHERE category = ?1 AND subject = ?2 AND kind = ?3 AND name = ?4 AND value = ?5
            """)
        renameInStats = try connection.prepare("UPDATE stats_users SET user_id = ?2 WHERE user_id = ?1")
        // Deliveries before their events (they are found through them); likes' and replies'
        // triggers lower the posts' counts.
        deletions = [
            (
                \.webhookDeliveries,
                try connection.prepare(
                    """
                    DELETE FROM webhook_deliveries
                    WHERE response_position IN (SELECT position FROM responses WHERE user_id = ?1)
                    """)
            ),
            (\.likes, try connection.prepare("DELETE FROM likes WHERE user_id = ?1")),
            (\.replies, try connection.prepare("DELETE FROM replies WHERE user_id = ?1")),
            (\.memberships, try connection.prepare("DELETE FROM subject_members WHERE user_id = ?1")),
            (\.choices, try connection.prepare("DELETE FROM subject_answers WHERE user_id = ?1")),
            (\.listEntries, try connection.prepare("DELETE FROM subject_entries WHERE user_id = ?1")),
            (\.devices, try connection.prepare("DELETE FROM devices WHERE user_id = ?1")),
            (\.pushDeliveries, try connection.prepare("DELETE FROM push_deliveries WHERE user_id = ?1")),
            (\.events, try connection.prepare("DELETE FROM responses WHERE user_id = ?1")),
        ]
    }

    /// True when some response was ever erased: only then does a new id need looking up.
    func anyWereErased() throws -> Bool {
        try anyErased.rows { $0.integer(at: 0) }.first == 1
    }

    func isErased(_ id: String) throws -> Bool {
        try !findErased.rows([.text(try digest(of: id))]) { _ in () }.isEmpty
    }

    /// Removes the user's rows and keeps their response ids' hashes. Inside a write transaction.
    func erase(userId: String) throws -> ErasedCounts {
        let user: [SQLiteValue] = [.text(userId)]
        for id in try userResponses.rows(user, { $0.text(at: 0) ?? "" }) {
            try insertErased.run([.text(try digest(of: id))])
        }
        for (rows, kind) in [(userMemberships, "set"), (userChoices, "choice"), (userEntries, "list")] {
            try lowerCounts(of: rows, user, kind: kind)
        }
        // The stats count distinct users: the erased one stays one of them, under a name that
        // is not theirs and not derived from it.
        try renameInStats.run(user + [.text("erased-\(UUID().uuidString.lowercased())")])
        var counts = ErasedCounts()
        for (kind, statement) in deletions {
            try statement.run(user)
            counts[keyPath: kind] = connection.changes
        }
        return counts
    }

    /// Lowers the subjects' counts by the rows `rows` selects with `values`: each row is
    /// (category, subject, name, value) of a count of `kind`.
    func lowerCounts(of rows: SQLiteStatement, _ values: [SQLiteValue], kind: String) throws {
        let counted = try rows.rows(values) { row in
            [row.text(at: 0) ?? "", row.text(at: 1) ?? "", kind, row.text(at: 2) ?? "", row.text(at: 3) ?? ""]
        }
        for key in counted { try lowerCount.run(key.map { .text($0) }) }
    }

    /// HMAC-SHA-256 of the id under the database's erasure key, hex: the id cannot be read back
    /// from it, nor guessed without the key.
    private func digest(of id: String) throws -> String {
        if digestKey == nil {
            guard let stored = try key.rows([], { $0.text(at: 0) }).first ?? nil else { throw ErasureKeyMissing() }
            digestKey = Array(stored.utf8)
        }
        return Hex.encode(try Digest.hmacSHA256(key: digestKey ?? [], message: Array(id.utf8)))
    }
}
