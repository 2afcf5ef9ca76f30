import ActionHubDomain
import Basics
import Foundation
import SQLite

/// The writer's statements for retention: the oldest events and what they made, taken from the
/// front of each table (rows are appended in time order), a bounded number per transaction so
/// that the writer is held only briefly. Used by `Writer` only, on its thread.
final class SQLitePruner {
    /// A table of what events made, with the column holding its event's time (RFC 3339 text)
    /// and, for the subjects' rows, what their counts are keyed by.
    private struct Made {
        var front: SQLiteStatement
        var counted: (statement: SQLiteStatement, kind: String)?
        var delete: SQLiteStatement
    }

    private let connection: SQLiteConnection
    private let eraser: SQLiteEraser
    private let eventsFront: SQLiteStatement
    private let deleteDeliveries: SQLiteStatement
    private let deleteEvents: SQLiteStatement
    private let made: [Made]

    init(connection: SQLiteConnection, eraser: SQLiteEraser) throws {
        self.connection = connection
        self.eraser = eraser
        eventsFront = try connection.prepare(
            "SELECT position, coalesce(received_at, 0) FROM responses ORDER BY position LIMIT ?1")
        deleteDeliveries = try connection.prepare("DELETE FROM webhook_deliveries WHERE response_position <= ?1")
        deleteEvents = try connection.prepare("DELETE FROM responses WHERE position <= ?1")
        let tables: [(table: String, time: String, counted: (kind: String, name: String, value: String)?)] = [
            ("likes", "liked_at", nil), ("replies", "created_at", nil),
            ("subject_members", "at", ("set", "set_name", "''")),
            ("subject_answers", "at", ("choice", "choice_name", "value")),
            ("subject_entries", "at", ("list", "list_name", "''")),
        ]
        made = try tables.map { table in
            Made(
                front: try connection.prepare(
                    "SELECT position, \(table.time) FROM \(table.table) ORDER BY position LIMIT ?1"),
                counted: try table.counted.map { counted in
                    (
                        try connection.prepare(
                            """
                            SELECT category, subject, \(counted.name), \(counted.value) FROM \(table.table)
                            WHERE position <= ?1
                            """), counted.kind
                    )
                },
                delete: try connection.prepare("DELETE FROM \(table.table) WHERE position <= ?1"))
        }
    }

    /// Inside a write transaction: up to `limit` of the oldest events received before `cutoff`
    /// (their deliveries with them) and up to `limit` rows of each table of what events made,
    /// dated before it. The rows removed.
    func prune(receivedBefore cutoff: Int64, limit: Int) throws -> Int {
        var removed = 0
        let events = try eventsFront.rows([.integer(Int64(limit))]) { ($0.integer(at: 0), $0.integer(at: 1)) }
        if let last = events.prefix(while: { $0.1 < cutoff }).last?.0 {
            try deleteDeliveries.run([.integer(last)])
            removed += connection.changes
            try deleteEvents.run([.integer(last)])
            removed += connection.changes
        }
        let cutoffText = Timestamp.format(Date(timeIntervalSince1970: Double(cutoff) / 1000))
        for table in made {
            let front = try table.front.rows([.integer(Int64(limit))]) { ($0.integer(at: 0), $0.text(at: 1) ?? "") }
            guard let last = front.prefix(while: { $0.1 < cutoffText }).last?.0 else { continue }
            if let counted = table.counted {
                try eraser.lowerCounts(of: counted.statement, [.integer(last)], kind: counted.kind)
            }
            try table.delete.run([.integer(last)])
            removed += connection.changes
        }
        return removed
    }
}
