import ActionHubDomain
import Basics
import SQLite

/// The prepared statements of `SQLitePushStore` on one connection.
final class SQLitePushStatements {
    let connection: SQLiteConnection
    let byKey: SQLiteStatement
    let byId: SQLiteStatement
    let deliveryCount: SQLiteStatement
    let insertPush: SQLiteStatement
    let queueForUser: SQLiteStatement
    let queueForDevice: SQLiteStatement
    let deliveriesOfPush: SQLiteStatement
    let due: SQLiteStatement
    let sent: SQLiteStatement
    let retry: SQLiteStatement
    let fail: SQLiteStatement
    let disableDevice: SQLiteStatement
    let anyDue: SQLiteStatement
    let queued: SQLiteStatement
    let pruneDeliveries: SQLiteStatement
    let prunePushes: SQLiteStatement
    let receive: SQLiteStatement
    let receipt: SQLiteStatement
    let funnelCounts: SQLiteStatement
    let funnelResponses: SQLiteStatement

    init(connection: SQLiteConnection) throws {
        self.connection = connection
        byKey = try connection.prepare("SELECT position, id, request_hash FROM pushes WHERE idempotency_key = ?1")
        byId = try connection.prepare("SELECT position, category, created_at FROM pushes WHERE id = ?1")
        deliveryCount = try connection.prepare("SELECT count(*) FROM push_deliveries WHERE push_position = ?1")
        insertPush = try connection.prepare(
            """
            INSERT INTO pushes (id, category, payload, collapse_id, expiration, priority, idempotency_key,
                request_hash, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
            """)
        // OR IGNORE: a device named twice, or through two users, gets one delivery.
        queueForUser = try connection.prepare(
            """
            INSERT OR IGNORE INTO push_deliveries (push_position, token, user_id, due_at)
            SELECT ?1, token, user_id, ?2 FROM devices WHERE user_id = ?3 AND state = 'active' ORDER BY position
            """)
        queueForDevice = try connection.prepare(
            """
            INSERT OR IGNORE INTO push_deliveries (push_position, token, user_id, due_at)
            SELECT ?1, token, user_id, ?2 FROM devices WHERE token = ?3 AND state = 'active'
            """)
        deliveriesOfPush = try connection.prepare(
            """
            SELECT token, status, reason, delivered_at IS NOT NULL FROM push_deliveries WHERE push_position = ?1
            ORDER BY sequence
            """)
        anyDue = try connection.prepare(
            "SELECT 1 FROM push_deliveries WHERE status = 'queued' AND due_at <= ?1 LIMIT 1")
        queued = try connection.prepare("SELECT count(*) FROM push_deliveries WHERE status = 'queued'")
        // Pushes by position are oldest first: the scan stops at the limit or the cutoff.
        pruneDeliveries = try connection.prepare(
            """
            DELETE FROM push_deliveries WHERE sequence IN (
                SELECT d.sequence FROM pushes p JOIN push_deliveries d ON d.push_position = p.position
                WHERE p.created_at < ?1 AND d.status <> 'queued' ORDER BY p.position LIMIT ?2)
            """)
        prunePushes = try connection.prepare(
            """
            DELETE FROM pushes WHERE position IN (
                SELECT p.position FROM pushes p WHERE p.created_at < ?1
                    AND NOT EXISTS (SELECT 1 FROM push_deliveries d WHERE d.push_position = p.position)
                ORDER BY p.position LIMIT ?2)
            """)
        receive = try connection.prepare(
            """
            UPDATE push_deliveries SET delivered_at = ?3
            WHERE push_position = (SELECT position FROM pushes WHERE id = ?1) AND token = ?2
                AND delivered_at IS NULL AND (?4 IS NULL OR user_id = ?4)
            """)
        receipt = try connection.prepare(
            """
            SELECT 1 FROM push_deliveries
            WHERE push_position = (SELECT position FROM pushes WHERE id = ?1) AND token = ?2
                AND (?3 IS NULL OR user_id = ?3)
            """)
        let pushesOfFunnel =
            "p.category = ?1 AND (?2 IS NULL OR p.id = ?2) AND p.created_at >= ?3 AND p.created_at < ?4"
        funnelCounts = try connection.prepare(
            """
            SELECT coalesce(sum(d.status = 'sent'), 0), count(d.delivered_at)
            FROM pushes p JOIN push_deliveries d ON d.push_position = p.position WHERE \(pushesOfFunnel)
            """)
        funnelResponses = try connection.prepare(
            """
            SELECT p.id, r.user_id, r.action, r.received_at, json_extract(r.fingerprint, '$.respondedAt'),
                (SELECT min(d.sent_at) FROM push_deliveries d WHERE d.push_position = p.position)
            FROM pushes p JOIN responses r ON r.push_id = p.id
            WHERE \(pushesOfFunnel)
            """)
        due = try connection.prepare(
            """
            SELECT d.sequence, p.id, d.token, v.environment, v.topic, p.payload, p.collapse_id, p.expiration,
                p.priority, d.attempts, v.state, v.reason
            FROM push_deliveries d JOIN pushes p ON p.position = d.push_position
                LEFT JOIN devices v ON v.token = d.token
            WHERE d.status = 'queued' AND d.due_at <= ?1 ORDER BY d.due_at, d.sequence LIMIT ?2
            """)
        sent = try connection.prepare(
            """
            UPDATE push_deliveries SET status = 'sent', reason = NULL, attempts = attempts + 1, sent_at = ?2
            WHERE sequence = ?1 AND status = 'queued'
            """)
        retry = try connection.prepare(
            """
            UPDATE push_deliveries SET reason = ?3, attempts = attempts + 1, due_at = ?2
            WHERE sequence = ?1 AND status = 'queued'
            """)
        fail = try connection.prepare(
            """
            UPDATE push_deliveries SET status = 'failed', reason = ?2, attempts = attempts + 1
            WHERE sequence = ?1 AND status = 'queued'
            """)
        // Registered again since APNs saw the app go (?3, RFC 3339 text of one width): stays.
        disableDevice = try connection.prepare(
            """
            UPDATE devices SET state = 'disabled', reason = ?2
            WHERE token = ?1 AND (?3 IS NULL OR registered_at < ?3)
            """)
    }

    func record(_ attempt: PushAttempt, now: Int64) throws {
        let sequence = SQLiteValue.integer(attempt.sequence)
        switch attempt.outcome {
        case .sent:
            try sent.run([sequence, .integer(now)])
        case .retry(let at, let reason):
            try retry.run([sequence, .integer(at), .text(reason)])
        case .failed(let reason):
            try fail.run([sequence, .text(reason)])
        case .deviceGone(let reason, let unregisteredAt):
            try fail.run([sequence, .text(reason)])
            try disableDevice.run([
                .text(attempt.token), .text(reason),
                SQLiteValue(unregisteredAt.map { Timestamp.format(milliseconds: $0) }),
            ])
        }
    }

    /// A due row, with its device's state and reason (nil: the device is gone).
    static func duePush(_ row: SQLiteStatement) -> (DuePush, String?, String?) {
        let push = DuePush(
            sequence: row.integer(at: 0), pushId: row.text(at: 1) ?? "", token: row.text(at: 2) ?? "",
            environment: Device.Environment(rawValue: row.text(at: 3) ?? "") ?? .production,
            topic: row.text(at: 4) ?? "", payload: row.text(at: 5) ?? "{}", collapseId: row.text(at: 6),
            expiration: row.optionalInteger(at: 7), priority: Int(row.integer(at: 8)),
            attempts: Int(row.integer(at: 9)))
        return (push, row.text(at: 10), row.text(at: 11))
    }
}
