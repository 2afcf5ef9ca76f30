import ActionHubDomain
import Basics
import Foundation
import PostgreSQL

extension PostgreSQLResponseStore {
    /// On a pooled connection, in one transaction of one statement per table.
    public func pruneEvents(receivedBefore cutoff: Int64, limit: Int) throws -> Int {
        let cutoffText = Timestamp.format(Date(timeIntervalSince1970: Double(cutoff) / 1000))
        return try readers.withConnection { connection in
            try connection.execute("BEGIN")
            do {
                var removed = Int(
                    try connection.query(PostgreSQLRetentionSQL.events, [String(cutoff), String(limit)])
                        .integer(row: 0, column: 0) ?? 0)
                for sql in PostgreSQLRetentionSQL.made {
                    let result = try connection.query(sql, [cutoffText, String(limit)])
                    removed += result.rowCount == 1 ? Int(result.integer(row: 0, column: 0) ?? 0) : result.affectedRows
                }
                try connection.execute("COMMIT")
                return removed
            } catch {
                if connection.isConnected { try? connection.execute("ROLLBACK") }
                throw error
            }
        }
    }
}
