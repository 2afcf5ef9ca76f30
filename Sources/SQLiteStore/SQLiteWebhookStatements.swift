import ActionHubDomain
import SQLite

/// The webhook store's statements on one connection, prepared once.
final class SQLiteWebhookStatements {
    let connection: SQLiteConnection
    let insertEndpoint: SQLiteStatement
    let insertSubscription: SQLiteStatement
    let allEndpoints: SQLiteStatement
    let endpointExists: SQLiteStatement
    let deleteEndpoint: SQLiteStatement
    let deleteSubscriptions: SQLiteStatement
    let deleteDeliveries: SQLiteStatement
    let deliveriesPage: SQLiteStatement
    let oneDelivery: SQLiteStatement
    let redeliver: SQLiteStatement
    let allTargets: SQLiteStatement
    let due: SQLiteStatement
    let recordResult: SQLiteStatement
    let backlog: SQLiteStatement
    let oldestDue: SQLiteStatement
    let deliveryCounts: SQLiteStatement

    private static let deliveryColumns = """
        d.sequence, d.endpoint_id, r.id, d.response_position, d.status, d.attempts, d.created_at, d.next_attempt_at,
        d.delivered_at, d.last_status_code, d.last_error
        """

    init(connection: SQLiteConnection) throws {
        self.connection = connection
        // Each half reads one partial index, so the delivered history costs nothing.
        deliveryCounts = try connection.prepare(
            """
            SELECT endpoint_id, 'pending', count(*), min(created_at) FROM webhook_deliveries
            WHERE status = 'pending' GROUP BY endpoint_id
            UNION ALL
            SELECT endpoint_id, 'failed', count(*), NULL FROM webhook_deliveries
            WHERE status = 'failed' GROUP BY endpoint_id
            """)
        insertEndpoint = try connection.prepare(
            "INSERT INTO webhook_endpoints (id, url, events, secret, created_at) VALUES (?1, ?2, ?3, ?4, ?5)")
        insertSubscription = try connection.prepare(
            "INSERT INTO webhook_subscriptions (pattern, endpoint_id) VALUES (?1, ?2)")
        allEndpoints = try connection.prepare(
            "SELECT id, url, events, created_at FROM webhook_endpoints ORDER BY created_at, id")
        endpointExists = try connection.prepare("SELECT 1 FROM webhook_endpoints WHERE id = ?1")
        deleteEndpoint = try connection.prepare("DELETE FROM webhook_endpoints WHERE id = ?1")
        deleteSubscriptions = try connection.prepare("DELETE FROM webhook_subscriptions WHERE endpoint_id = ?1")
        deleteDeliveries = try connection.prepare("DELETE FROM webhook_deliveries WHERE endpoint_id = ?1")
        deliveriesPage = try connection.prepare(
            """
            SELECT \(Self.deliveryColumns)
            FROM webhook_deliveries d JOIN responses r ON r.position = d.response_position
            WHERE d.endpoint_id = ?1 AND d.sequence < ?2 AND (?3 IS NULL OR d.status = ?3)
            ORDER BY d.sequence DESC LIMIT ?4
            """)
        oneDelivery = try connection.prepare(
            """
            SELECT \(Self.deliveryColumns)
            FROM webhook_deliveries d JOIN responses r ON r.position = d.response_position WHERE d.sequence = ?1
            """)
        redeliver = try connection.prepare(
            """
            UPDATE webhook_deliveries SET status = 'pending', attempts = 0, next_attempt_at = ?3, delivered_at = NULL
            WHERE endpoint_id = ?1 AND sequence = ?2
            """)
        allTargets = try connection.prepare("SELECT id, url, secret FROM webhook_endpoints ORDER BY created_at, id")
        due = try connection.prepare(
            """
            SELECT d.sequence, d.attempts, d.response_position, d.created_at, r.body, r.notification
            FROM webhook_deliveries d JOIN responses r ON r.position = d.response_position
            WHERE d.endpoint_id = ?1 AND d.status = 'pending' AND d.next_attempt_at <= ?2 AND d.response_position <= ?4
            ORDER BY d.next_attempt_at LIMIT ?3
            """)
        recordResult = try connection.prepare(
            """
            UPDATE webhook_deliveries
            SET status = ?2, next_attempt_at = ?3, delivered_at = ?4, last_status_code = ?5,
                last_error = CASE ?2 WHEN 'delivered' THEN NULL ELSE coalesce(?6, last_error) END,
                attempts = attempts + 1 - ?7
            WHERE sequence = ?1 AND status = 'pending'
            """)
        backlog = try connection.prepare(
            "SELECT count(*), min(created_at) FROM webhook_deliveries WHERE status = 'pending'")
        oldestDue = try connection.prepare(
            """
            SELECT sequence, next_attempt_at FROM webhook_deliveries
            WHERE status = 'pending' AND next_attempt_at <= ?1 ORDER BY next_attempt_at LIMIT ?2
            """)
    }

    static func endpoint(_ row: SQLiteStatement) -> WebhookEndpoint {
        WebhookEndpoint(
            id: row.text(at: 0) ?? "", url: row.text(at: 1) ?? "",
            events: (row.text(at: 2) ?? "").split(separator: "\n").map(String.init), createdAt: row.text(at: 3) ?? "")
    }

    static func delivery(_ row: SQLiteStatement) -> WebhookDelivery {
        WebhookDelivery(
            sequence: row.integer(at: 0), endpointId: row.text(at: 1) ?? "", responseId: row.text(at: 2) ?? "",
            position: row.integer(at: 3), status: WebhookDelivery.Status(rawValue: row.text(at: 4) ?? "") ?? .pending,
            attempts: Int(row.integer(at: 5)), createdAt: row.integer(at: 6), nextAttemptAt: row.optionalInteger(at: 7),
            deliveredAt: row.optionalInteger(at: 8), lastStatusCode: row.optionalInteger(at: 9).map { Int($0) },
            lastError: row.text(at: 10))
    }

    /// `recordResult`'s parameters.
    static func values(of result: DeliveryResult) -> [SQLiteValue] {
        let row = result.row
        return [
            .integer(result.sequence), .text(row.status.rawValue), row.nextAttemptAt.map(SQLiteValue.integer) ?? .null,
            row.deliveredAt.map(SQLiteValue.integer) ?? .null, result.statusCode.map { .integer(Int64($0)) } ?? .null,
            SQLiteValue(result.error.map { String($0.prefix(500)) }), .integer(Int64(row.uncounted)),
        ]
    }
}
