import ActionHubDomain

extension PostgreSQLWebhookStore {
    /// One statement: a scan that blocks no writer (MVCC), a delete that locks only its rows.
    public func pruneDeliveries(settledBefore cutoff: Int64, limit: Int) throws -> Int {
        try pool.withConnection(retryIfLost: true) { connection in
            try connection.query(PostgreSQLRetentionSQL.deliveries, [String(cutoff), String(limit)]).affectedRows
        }
    }
}
