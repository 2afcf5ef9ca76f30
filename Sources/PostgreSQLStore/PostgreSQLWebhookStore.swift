import ActionHubDomain
import Basics
import PostgreSQL

/// Webhook endpoints and the outbox on PostgreSQL, shared by every instance. The event writers
/// add the delivery rows inside each event's transaction (`PostgreSQLWriter`). Claims take rows
/// with `FOR UPDATE SKIP LOCKED` and lease them, so each delivery is attempted by one instance at
/// a time.
public final class PostgreSQLWebhookStore: WebhookRegistry, WebhookOutbox {
    private static let deliveryColumns = """
        d.sequence, d.endpoint_id, r.id, d.response_position, d.status, d.attempts, d.created_at, d.next_attempt_at,
        d.delivered_at, d.last_status_code, d.last_error
        """

    private let pool: SessionPool

    init(database: PostgreSQLDatabase, connections: Int) {
        pool = SessionPool(
            url: database.url, size: connections,
            statements: [
                (
                    "claim_deliveries",
                    """
                    WITH due AS (
                        SELECT sequence FROM webhook_deliveries
                        WHERE endpoint_id = $1 AND status = 'pending' AND next_attempt_at <= $2
                        ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED),
                    claimed AS (
                        UPDATE webhook_deliveries d SET attempts = d.attempts + 1, next_attempt_at = $4
                        FROM due WHERE d.sequence = due.sequence
                        RETURNING d.sequence, d.attempts, d.response_position, d.created_at)
                    SELECT c.sequence, c.attempts, c.response_position, c.created_at, r.body, r.notification
                    FROM claimed c JOIN responses r ON r.position = c.response_position ORDER BY c.sequence
                    """
                ),
                (
                    "record_result",
                    """
                    UPDATE webhook_deliveries
                    SET status = $2, next_attempt_at = $3, delivered_at = $4, last_status_code = $5,
                        last_error = CASE $2 WHEN 'delivered' THEN NULL ELSE coalesce($6, last_error) END,
                        attempts = attempts - $7::integer
                    WHERE sequence = $1 AND status = 'pending'
                    """
                ),
                (
                    "deliveries_page",
                    """
                    SELECT \(Self.deliveryColumns)
                    FROM webhook_deliveries d JOIN responses r ON r.position = d.response_position
                    WHERE d.endpoint_id = $1 AND d.sequence < $2 AND ($3::text IS NULL OR d.status = $3)
                    ORDER BY d.sequence DESC LIMIT $4
                    """
                ),
            ])
    }

    public func create(_ endpoint: WebhookEndpoint, secret: String) throws {
        try transaction { connection in
            try connection.query(
                "INSERT INTO webhook_endpoints (id, url, events, secret, created_at) VALUES ($1, $2, $3, $4, $5)",
                [endpoint.id, endpoint.url, endpoint.events.joined(separator: "\n"), secret, endpoint.createdAt])
            for pattern in Set(endpoint.events) {
                try connection.query(
                    "INSERT INTO webhook_subscriptions (pattern, endpoint_id) VALUES ($1, $2)", [pattern, endpoint.id])
            }
        }
    }

    public func endpoints() throws -> [WebhookEndpoint] {
        try pool.withConnection(retryIfLost: true) { connection in
            let result = try connection.query(
                "SELECT id, url, events, created_at FROM webhook_endpoints ORDER BY created_at, id")
            return result.rows { row in
                WebhookEndpoint(
                    id: result.text(row: row, column: 0) ?? "", url: result.text(row: row, column: 1) ?? "",
                    events: (result.text(row: row, column: 2) ?? "").split(separator: "\n").map(String.init),
                    createdAt: result.text(row: row, column: 3) ?? "")
            }
        }
    }

    /// Its subscriptions and deliveries go with it (ON DELETE CASCADE).
    public func delete(endpointId: String) throws -> Bool {
        try pool.withConnection { connection in
            try connection.query("DELETE FROM webhook_endpoints WHERE id = $1", [endpointId]).affectedRows == 1
        }
    }

    public func deliveries(endpointId: String, status: WebhookDelivery.Status?, page: PageRequest) throws
        -> Page<WebhookDelivery>?
    {
        try transaction { connection in
            guard try connection.query("SELECT 1 FROM webhook_endpoints WHERE id = $1", [endpointId]).rowCount == 1
            else { return nil }
            let result = try connection.run(
                prepared: "deliveries_page",
                [
                    endpointId, String(page.cursor?.position ?? .max), status?.rawValue, String(page.limit + 1),
                ])
            let rows = result.rows { row in
                let delivery = Self.delivery(result, row: row)
                return (position: delivery.sequence, item: delivery)
            }
            return Page(rows: rows, limit: page.limit)
        }
    }

    public func redeliver(endpointId: String, sequence: Int64, now: Int64) throws -> WebhookDelivery? {
        try transaction { connection in
            let updated = try connection.query(
                """
                UPDATE webhook_deliveries SET status = 'pending', attempts = 0, next_attempt_at = $3, delivered_at = NULL
                WHERE endpoint_id = $1 AND sequence = $2
                """, [endpointId, String(sequence), String(now)])
            guard updated.affectedRows == 1 else { return nil }
            let result = try connection.query(
                """
                SELECT \(Self.deliveryColumns)
                FROM webhook_deliveries d JOIN responses r ON r.position = d.response_position WHERE d.sequence = $1
                """, [String(sequence)])
            return result.rows { Self.delivery(result, row: $0) }.first
        }
    }

    public func targets() throws -> [WebhookTarget] {
        try pool.withConnection(retryIfLost: true) { connection in
            let result = try connection.query("SELECT id, url, secret FROM webhook_endpoints ORDER BY created_at, id")
            return result.rows { row in
                WebhookTarget(
                    id: result.text(row: row, column: 0) ?? "", url: result.text(row: row, column: 1) ?? "",
                    secret: result.text(row: row, column: 2) ?? "")
            }
        }
    }

    public func settle(_ results: [DeliveryResult], claiming requests: [ClaimRequest], now: Int64, leaseUntil: Int64)
        throws -> [DueDelivery]
    {
        try transaction { connection in
            for result in results {
                try connection.run(prepared: "record_result", Self.values(of: result))
            }
            var due: [DueDelivery] = []
            for request in requests where request.limit > 0 {
                let claimed = try connection.run(
                    prepared: "claim_deliveries",
                    [request.endpointId, String(now), String(request.limit), String(leaseUntil)])
                due += claimed.rows { row in
                    DueDelivery(
                        sequence: claimed.integer(row: row, column: 0) ?? 0, endpointId: request.endpointId,
                        attempt: Int(claimed.integer(row: row, column: 1) ?? 1),
                        position: claimed.integer(row: row, column: 2) ?? 0,
                        createdAt: claimed.integer(row: row, column: 3) ?? 0,
                        body: claimed.text(row: row, column: 4) ?? "{}", notification: claimed.text(row: row, column: 5)
                    )
                }
            }
            return due
        }
    }

    /// Deliveries of endpoints that exist (cascades keep it so).
    public func deliveryCounts() throws -> [String: WebhookDeliveryCounts] {
        try pool.withConnection(retryIfLost: true) { connection in
            let result = try connection.query(
                """
                SELECT endpoint_id, 'pending', count(*), min(created_at) FROM webhook_deliveries
                WHERE status = 'pending' GROUP BY endpoint_id
                UNION ALL
                SELECT endpoint_id, 'failed', count(*), NULL FROM webhook_deliveries
                WHERE status = 'failed' GROUP BY endpoint_id
                """)
            return WebhookDeliveryCounts.grouped(
                result.rows { row in
                    (
                        result.text(row: row, column: 0) ?? "", result.text(row: row, column: 1) ?? "",
                        Int(result.integer(row: row, column: 2) ?? 0), result.integer(row: row, column: 3)
                    )
                })
        }
    }

    public func backlog() throws -> (pending: Int, oldestCreatedAt: Int64?) {
        try pool.withConnection(retryIfLost: true) { connection in
            let result = try connection.query(
                "SELECT count(*), min(created_at) FROM webhook_deliveries WHERE status = 'pending'")
            return (Int(result.integer(row: 0, column: 0) ?? 0), result.integer(row: 0, column: 1))
        }
    }

    private func transaction<Result: Sendable>(_ body: (PostgreSQLConnection) throws -> Result) throws -> Result {
        try pool.withConnection { connection in
            try connection.execute("BEGIN")
            let result = try body(connection)
            try connection.execute("COMMIT")
            return result
        }
    }

    private static func delivery(_ result: PostgreSQLResult, row: Int) -> WebhookDelivery {
        WebhookDelivery(
            sequence: result.integer(row: row, column: 0) ?? 0, endpointId: result.text(row: row, column: 1) ?? "",
            responseId: result.text(row: row, column: 2) ?? "", position: result.integer(row: row, column: 3) ?? 0,
            status: WebhookDelivery.Status(rawValue: result.text(row: row, column: 4) ?? "") ?? .pending,
            attempts: Int(result.integer(row: row, column: 5) ?? 0),
            createdAt: result.integer(row: row, column: 6) ?? 0,
            nextAttemptAt: result.integer(row: row, column: 7), deliveredAt: result.integer(row: row, column: 8),
            lastStatusCode: result.integer(row: row, column: 9).map { Int($0) },
            lastError: result.text(row: row, column: 10))
    }

    /// `record_result`'s parameters.
    private static func values(of result: DeliveryResult) -> [String?] {
        let row = result.row
        return [
            String(result.sequence), row.status.rawValue, row.nextAttemptAt.map { String($0) },
            row.deliveredAt.map { String($0) }, result.statusCode.map { String($0) },
            result.error.map { String($0.prefix(500)) }, String(row.uncounted),
        ]
    }
}
