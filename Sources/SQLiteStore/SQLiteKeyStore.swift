import Auth
import Basics
import Foundation
import SQLite
import Synchronization

/// API keys and users' token revocations, in the same database as the responses (the signing
/// secret is not: `SigningSecret` keeps it in a file, and moves one an earlier version stored here). Keys are looked
/// up on every authenticated request, so a revocation applies to the very next one.
public final class SQLiteKeyStore: KeyStore {
    private final class Statements {
        let connection: SQLiteConnection
        let insert: SQLiteStatement
        let byHash: SQLiteStatement
        let all: SQLiteStatement
        let revoke: SQLiteStatement
        let secret: SQLiteStatement
        let revokeTokens: SQLiteStatement
        let tokensRevoked: SQLiteStatement

        init(connection: SQLiteConnection) throws {
            self.connection = connection
            insert = try connection.prepare(
                "INSERT INTO api_keys (id, hash, name, scopes, created_at, rate_limit) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
            let columns = "id, name, scopes, created_at, revoked_at, rate_limit"
            byHash = try connection.prepare("SELECT \(columns) FROM api_keys WHERE hash = ?1")
            all = try connection.prepare("SELECT \(columns) FROM api_keys ORDER BY created_at, id")
            revoke = try connection.prepare(
                "UPDATE api_keys SET revoked_at = coalesce(revoked_at, ?2) WHERE id = ?1")
            secret = try connection.prepare("SELECT value FROM secrets WHERE name = 'token-signing'")
            revokeTokens = try connection.prepare(
                """
                INSERT INTO token_revocations (user_id, revoked_before) VALUES (?1, ?2)
                ON CONFLICT (user_id) DO UPDATE SET revoked_before = max(revoked_before, excluded.revoked_before)
                """)
            tokensRevoked = try connection.prepare("SELECT revoked_before FROM token_revocations WHERE user_id = ?1")
        }

        static func key(_ row: SQLiteStatement) -> APIKey {
            APIKey(
                id: row.text(at: 0) ?? "", name: row.text(at: 1) ?? "",
                scopes: Set((row.text(at: 2) ?? "").split(separator: " ").compactMap { Scope(rawValue: String($0)) }),
                createdAt: row.text(at: 3) ?? "", revokedAt: row.text(at: 4),
                rateLimit: row.optionalInteger(at: 5).map { Int($0) })
        }
    }

    /// Connections behind their own locks: lookups, one per authenticated request, spread over them.
    private final class Slot: Sendable {
        let statements: Locked<Statements>

        init(_ statements: sending Statements) {
            self.statements = Locked(statements)
        }
    }

    private let slots: [Slot]
    private let nextSlot = Atomic<Int>(0)
    /// Writes and the secret go through the first slot, so they are serialized among themselves.
    private var writer: Slot { slots[0] }

    private let database: SQLiteDatabase

    init(database: SQLiteDatabase, connections: Int) throws {
        self.database = database
        slots = try (0..<max(1, connections)).map { _ in
            Slot(try Statements(connection: try database.openSyncedConnection()))
        }
    }

    /// Opens (creating and migrating when needed) the database at `path`, for this store alone.
    public convenience init(path: String, connections: Int = 4) throws {
        try self.init(database: try SQLiteDatabase(path: path), connections: connections)
    }

    public func insert(_ key: APIKey, hash: String) throws {
        try writer.statements.withLock { statements in
            try statements.insert.run([
                .text(key.id), .text(hash), .text(key.name),
                .text(key.scopes.map(\.rawValue).sorted().joined(separator: " ")),
                .text(key.createdAt), key.rateLimit.map { .integer(Int64($0)) } ?? .null,
            ])
        }
    }

    /// In one write transaction: `BEGIN IMMEDIATE` makes processes that start together take turns,
    /// and the `first-admin-key` marker keeps a later start from making another after the first
    /// one was revoked or deleted.
    public func insertFirst(_ key: APIKey, hash: String) throws -> Bool {
        try writer.statements.withLock { statements in
            try statements.connection.transaction(.immediate) {
                let untouched =
                    try statements.connection.prepare(
                        "SELECT NOT EXISTS (SELECT 1 FROM api_keys) AND NOT EXISTS (SELECT 1 FROM secrets WHERE name = 'first-admin-key')"
                    ).rows { $0.integer(at: 0) }.first == 1
                guard untouched else { return false }
                try statements.connection.prepare("INSERT INTO secrets (name, value) VALUES ('first-admin-key', ?1)")
                    .run([
                        .text(key.id)
                    ])
                try statements.insert.run([
                    .text(key.id), .text(hash), .text(key.name),
                    .text(key.scopes.map(\.rawValue).sorted().joined(separator: " ")), .text(key.createdAt),
                    key.rateLimit.map { .integer(Int64($0)) } ?? .null,
                ])
                return true
            }
        }
    }

    public func key(hash: String) throws -> APIKey? {
        let slot = slots[abs(nextSlot.add(1, ordering: .relaxed).oldValue % slots.count)]
        return try slot.statements.withLock { try $0.byHash.rows([.text(hash)], Statements.key).first }
    }

    public func keys() throws -> [APIKey] {
        try writer.statements.withLock { try $0.all.rows([], Statements.key) }
    }

    public func revoke(id: String, at time: String) throws -> Bool {
        try writer.statements.withLock { statements in
            try statements.revoke.run([.text(id), .text(time)])
            return statements.connection.changes == 1
        }
    }

    public func revokeTokens(user: String, issuedBefore: Int64) throws {
        try writer.statements.withLock { try $0.revokeTokens.run([.text(user), .integer(issuedBefore)]) }
    }

    public func tokensRevoked(user: String) throws -> Int64? {
        let slot = slots[abs(nextSlot.add(1, ordering: .relaxed).oldValue % slots.count)]
        return try slot.statements.withLock { try $0.tokensRevoked.rows([.text(user)]) { $0.integer(at: 0) }.first }
    }

    public func legacySigningSecret() throws -> [UInt8]? {
        try writer.statements.withLock { statements in
            try (statements.secret.rows([], { $0.text(at: 0) }).first ?? nil).flatMap { Hex.decode($0) }
        }
    }

    public func removeLegacySigningSecret() throws {
        try writer.statements.withLock { try $0.connection.execute("DELETE FROM secrets WHERE name = 'token-signing'") }
    }

    public func signingSecretIds() throws -> String? {
        try writer.statements.withLock { statements in
            try statements.connection.prepare("SELECT value FROM secrets WHERE name = 'token-signing-ids'").rows {
                $0.text(at: 0)
            }.first ?? nil
        }
    }

    public func recordSigningSecretIds(_ ids: String) throws {
        try writer.statements.withLock { statements in
            try statements.connection.prepare(
                """
                INSERT INTO secrets (name, value) VALUES ('token-signing-ids', ?1)
                ON CONFLICT (name) DO UPDATE SET value = excluded.value
                """
            ).run([.text(ids)])
        }
    }
}
