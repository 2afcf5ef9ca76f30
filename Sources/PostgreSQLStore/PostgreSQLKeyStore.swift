import Auth
import Basics
import PostgreSQL

/// API keys and users' token revocations on PostgreSQL, shared by every instance. Keys are looked
/// up on every authenticated request, so a revocation applies to the very next one everywhere.
public final class PostgreSQLKeyStore: KeyStore {
    private static let columns = "id, name, scopes, created_at, revoked_at, rate_limit"
    private let pool: SessionPool

    init(database: PostgreSQLDatabase, connections: Int) {
        pool = SessionPool(
            url: database.url, size: connections,
            statements: [
                ("key_by_hash", "SELECT \(Self.columns) FROM api_keys WHERE hash = $1"),
                ("all_keys", "SELECT \(Self.columns) FROM api_keys ORDER BY created_at, id"),
                ("tokens_revoked", "SELECT revoked_before FROM token_revocations WHERE user_id = $1"),
            ])
    }

    /// Connects and creates or migrates the schema (`PostgreSQLDatabase`).
    public convenience init(url: String, connections: Int = 4) throws {
        self.init(database: try PostgreSQLDatabase(url: url), connections: connections)
    }

    public func insert(_ key: APIKey, hash: String) throws {
        try pool.withConnection { connection in
            _ = try connection.query(
                "INSERT INTO api_keys (id, hash, name, scopes, created_at, rate_limit) VALUES ($1, $2, $3, $4, $5, $6)",
                [
                    key.id, hash, key.name, key.scopes.map(\.rawValue).sorted().joined(separator: " "), key.createdAt,
                    key.rateLimit.map { String($0) },
                ])
        }
    }

    public func key(hash: String) throws -> APIKey? {
        try pool.withConnection(retryIfLost: true) { connection in
            let result = try connection.run(prepared: "key_by_hash", [hash])
            return result.rows { Self.key(result, row: $0) }.first
        }
    }

    public func keys() throws -> [APIKey] {
        try pool.withConnection(retryIfLost: true) { connection in
            let result = try connection.run(prepared: "all_keys")
            return result.rows { Self.key(result, row: $0) }
        }
    }

    public func revokeTokens(user: String, issuedBefore: Int64) throws {
        try pool.withConnection { connection in
            _ = try connection.query(
                """
                INSERT INTO token_revocations (user_id, revoked_before) VALUES ($1, $2)
                ON CONFLICT (user_id) DO UPDATE
                SET revoked_before = greatest(token_revocations.revoked_before, excluded.revoked_before)
                """, [user, String(issuedBefore)])
        }
    }

    public func tokensRevoked(user: String) throws -> Int64? {
        try pool.withConnection(retryIfLost: true) { connection in
            let result = try connection.run(prepared: "tokens_revoked", [user])
            return result.rowCount == 1 ? result.integer(row: 0, column: 0) : nil
        }
    }

    public func revoke(id: String, at time: String) throws -> Bool {
        try pool.withConnection { connection in
            try connection.query(
                "UPDATE api_keys SET revoked_at = coalesce(revoked_at, $2) WHERE id = $1", [id, time]
            ).affectedRows == 1
        }
    }

    /// Instances starting together race for the `first-admin-key` marker: its unique name makes
    /// all but one wait and then insert nothing, in the same transaction as the key.
    public func insertFirst(_ key: APIKey, hash: String) throws -> Bool {
        try pool.withConnection { connection in
            try connection.execute("BEGIN")
            do {
                let marked =
                    try connection.query(
                        """
                        INSERT INTO secrets (name, value) SELECT 'first-admin-key', $1
                        WHERE NOT EXISTS (SELECT 1 FROM api_keys) ON CONFLICT (name) DO NOTHING
                        """, [key.id]
                    ).affectedRows == 1
                if marked {
                    try connection.query(
                        "INSERT INTO api_keys (id, hash, name, scopes, created_at, rate_limit) VALUES ($1, $2, $3, $4, $5, $6)",
                        [
                            key.id, hash, key.name, key.scopes.map(\.rawValue).sorted().joined(separator: " "),
                            key.createdAt, key.rateLimit.map { String($0) },
                        ])
                }
                try connection.execute("COMMIT")
                return marked
            } catch {
                if connection.isConnected { try? connection.execute("ROLLBACK") }
                throw error
            }
        }
    }

    public func legacySigningSecret() throws -> [UInt8]? {
        try pool.withConnection(retryIfLost: true) { connection in
            let result = try connection.query("SELECT value FROM secrets WHERE name = 'token-signing'")
            return (result.rows({ result.text(row: $0, column: 0) }).first ?? nil).flatMap { Hex.decode($0) }
        }
    }

    public func removeLegacySigningSecret() throws {
        try pool.withConnection { connection in
            _ = try connection.query("DELETE FROM secrets WHERE name = 'token-signing'")
        }
    }

    public func signingSecretIds() throws -> String? {
        try pool.withConnection(retryIfLost: true) { connection in
            let result = try connection.query("SELECT value FROM secrets WHERE name = 'token-signing-ids'")
            return result.rowCount == 1 ? result.text(row: 0, column: 0) : nil
        }
    }

    public func recordSigningSecretIds(_ ids: String) throws {
        try pool.withConnection { connection in
            _ = try connection.query(
                """
                INSERT INTO secrets (name, value) VALUES ('token-signing-ids', $1)
                ON CONFLICT (name) DO UPDATE SET value = excluded.value
                """, [ids])
        }
    }

    private static func key(_ result: PostgreSQLResult, row: Int) -> APIKey {
        APIKey(
            id: result.text(row: row, column: 0) ?? "", name: result.text(row: row, column: 1) ?? "",
            scopes: Set(
                (result.text(row: row, column: 2) ?? "").split(separator: " ").compactMap {
                    Scope(rawValue: String($0))
                }),
            createdAt: result.text(row: row, column: 3) ?? "", revokedAt: result.text(row: row, column: 4),
            rateLimit: result.integer(row: row, column: 5).map { Int($0) })
    }
}
