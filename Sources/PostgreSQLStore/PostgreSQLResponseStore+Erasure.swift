import ActionHubDomain
import PostgreSQL

extension PostgreSQLResponseStore {
    /// On a connection of its own, in one transaction: every row goes at once or none does. The
    /// deleted rows' bytes stay in the table files until VACUUM reuses their space, and in WAL
    /// archives and base backups for as long as those are kept (docs/operations.md).
    public func erase(userId: String) throws -> ErasedCounts {
        let connection = try PostgreSQLConnection(url: url)
        try connection.execute("BEGIN")
        do {
            let counts = try erase(userId: userId, on: connection)
            try connection.execute("COMMIT")
            return counts
        } catch {
            if connection.isConnected { try? connection.execute("ROLLBACK") }
            throw error
        }
    }

    private func erase(userId: String, on connection: PostgreSQLConnection) throws -> ErasedCounts {
        let ids = try connection.query("SELECT id FROM responses WHERE user_id = $1 FOR UPDATE", [userId])
        var erasedIDs = ErasedIDs()
        let digests = try erasedIDs.digests(
            of: (0..<ids.rowCount).map { ids.text(row: $0, column: 0) ?? "" }, on: connection)
        _ = try connection.query(
            "INSERT INTO erased_responses (digest) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING",
            [PostgreSQLArray.literal(digests.keys)])
        for lowering in PostgreSQLErasureSQL.lowerSubjectCounts { _ = try connection.query(lowering, [userId]) }
        _ = try connection.query(PostgreSQLErasureSQL.renameInStats, [userId])
        var counts = ErasedCounts()
        for (kind, sql) in PostgreSQLErasureSQL.deletions {
            counts[keyPath: kind] = try connection.query(sql, [userId]).affectedRows
        }
        return counts
    }

    public func wasErased(id: String) throws -> Bool {
        try read { reader in
            var erasedIDs = ErasedIDs()
            let digest = try erasedIDs.digests(of: [id], on: reader.connection).keys.first ?? ""
            return try reader.connection.query("SELECT 1 FROM erased_responses WHERE digest = $1", [digest])
                .rowCount == 1
        }
    }
}

extension PostgreSQLResponseStore {
    public func personalData(userId: String, kind: PersonalDataKind, after position: Int64, limit: Int) throws
        -> [(position: Int64, json: String)]
    {
        try read { reader in
            let rows = try reader.connection.query(
                PostgreSQLPersonalDataSQL.query(kind), [userId, String(position), String(limit)])
            return (0..<rows.rowCount).map {
                (rows.integer(row: $0, column: 0) ?? 0, rows.text(row: $0, column: 1) ?? "{}")
            }
        }
    }
}
