import ActionHubDomain
import Basics
import Crypto
import PostgreSQL

/// Erased response ids as they are kept: HMAC-SHA-256 under the database's erasure key (made by
/// migration 0014), hex. The key is read once per process; it never changes.
struct ErasedIDs {
    private var key: [UInt8]?

    /// Each id's digest, keyed by the digest.
    mutating func digests(of ids: [String], on connection: PostgreSQLConnection) throws -> [String: String] {
        let key = try self.key ?? load(from: connection)
        var digests: [String: String] = [:]
        for id in ids { digests[Hex.encode(try Digest.hmacSHA256(key: key, message: Array(id.utf8)))] = id }
        return digests
    }

    private mutating func load(from connection: PostgreSQLConnection) throws -> [UInt8] {
        let found = try connection.query("SELECT value FROM secrets WHERE name = 'erasure-key'")
        guard found.rowCount == 1, let value = found.text(row: 0, column: 0) else { throw ErasureKeyMissing() }
        key = Array(value.utf8)
        return Array(value.utf8)
    }
}
