import ActionHubDomain
import Basics
import PostgreSQL

/// Webhook endpoints and the outbox on PostgreSQL, shared by every instance. The event writers
/// add the delivery rows inside each event's transaction (`PostgreSQLWriter`). Claims take rows
/// with `FOR UPDATE SKIP LOCKED` and name the instance that took them, so each delivery is
/// attempted by one instance at a time.
///
/// A claim lasts as long as its instance lives, not for a lease: each instance records a
/// heartbeat in its outbox rounds (at most once a second, in the round's own transaction: no
/// write per delivery), and a claim whose instance has not beaten for `staleAfter` is free to
/// take. Leases long enough for a queued delivery's wait and a whole attempt (40 s at the 10 s
/// timeout) kept a killed instance's deliveries from the receiver for 40 s after a restart; a
/// lease renewed per delivery would rewrite every claimed row while it waits. A slow attempt is
/// never taken from a live instance, however long it runs. Past `staleAfter` without a heartbeat
/// an instance is taken for dead: one cut off from the database that long may still finish an
/// attempt another instance makes again (at least once, as ever; the webhook-id is the same).
/// Heartbeats are written and judged by the database's clock, so the instances' clocks may differ.
public final class PostgreSQLWebhookStore: WebhookRegistry, WebhookOutbox {
    /// How often an instance records that it lives, and after how long without that its claims
    /// are free: a killed instance's deliveries go out again within about `staleAfter`.
    static let heartbeatInterval: Int64 = 1000
    static let staleAfter: Int64 = 4000
    /// Instances silent this long are forgotten.
    static let forgetAfter: Int64 = 3_600_000
    /// Heartbeats are written and judged by the database's clock: instances whose clocks differ
    /// by seconds would otherwise take each other for dead, or a dead one for alive.
    static let databaseNow = "(extract(epoch FROM clock_timestamp()) * 1000)::bigint"

    /// This process, as its claims name it: new at every start.
    public let instanceId = UUIDText.random()
    private let lastHeartbeat = Locked<Int64?>(nil)
    private static let deliveryColumns = """
        d.sequence, d.endpoint_id, r.id, d.response_position, d.status, d.attempts, d.created_at, d.next_attempt_at,
        d.delivered_at, d.last_status_code, d.last_error
        """

    let pool: SessionPool

    init(database: PostgreSQLDatabase, connections: Int) {
        pool = SessionPool(
            url: database.url, size: connections,
            statements: [
                (
                    "claim_deliveries",
                    """
                    WITH due AS (
                        SELECT d.sequence FROM webhook_deliveries d
                        LEFT JOIN webhook_instances i ON i.id = d.claimed_by
                        WHERE d.endpoint_id = $1 AND d.status = 'pending' AND d.next_attempt_at <= $2
                            AND (d.claimed_by IS NULL OR i.heartbeat_at < \(Self.databaseNow) - $5)
                        ORDER BY d.next_attempt_at LIMIT $3 FOR UPDATE OF d SKIP LOCKED),
                    claimed AS (
                        UPDATE webhook_deliveries d SET attempts = d.attempts + 1, claimed_by = $4
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
                        attempts = attempts - $7::integer, claimed_by = NULL
                    WHERE sequence = $1 AND status = 'pending' AND claimed_by = $8
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
                UPDATE webhook_deliveries SET status = 'pending', attempts = 0, next_attempt_at = $3, delivered_at = NULL,
                    claimed_by = NULL
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
        let beating = lastHeartbeat.withLock { last in last.map { now - $0 >= Self.heartbeatInterval } ?? true }
        let due = try transaction { connection in
            if beating { try beatHeart(connection, now: now) }
            for result in results {
                try connection.run(prepared: "record_result", Self.values(of: result) + [instanceId])
            }
            var taken: [DueDelivery] = []
            for request in requests where request.limit > 0 {
                let claimed = try connection.run(
                    prepared: "claim_deliveries",
                    [
                        request.endpointId, String(now), String(request.limit), instanceId, String(Self.staleAfter),
                    ])
                taken += claimed.rows { row in
                    DueDelivery(
                        sequence: claimed.integer(row: row, column: 0) ?? 0, endpointId: request.endpointId,
                        attempt: Int(claimed.integer(row: row, column: 1) ?? 1),
                        position: claimed.integer(row: row, column: 2) ?? 0,
                        createdAt: claimed.integer(row: row, column: 3) ?? 0,
                        body: claimed.text(row: row, column: 4) ?? "{}", notification: claimed.text(row: row, column: 5)
                    )
                }
            }
            return taken
        }
        // Counted once the transaction committed: a round that failed beats again next time.
        if beating { lastHeartbeat.withLock { $0 = now } }
        return due
    }

    /// At most once per `heartbeatInterval`, inside the round's transaction; forgets instances
    /// long silent that hold no claim. A claim whose instance has no row counts as live: a claimer
    /// rechecking a row another instance has just claimed (`FOR UPDATE` takes the row's newest
    /// version, but joins what its statement's snapshot saw) may not see that instance's row yet,
    /// and took such claims for a dead instance's (two claimers of 200 deliveries took 42 twice).
    private func beatHeart(_ connection: PostgreSQLConnection, now: Int64) throws {
        try connection.query(
            """
            INSERT INTO webhook_instances (id, started_at, heartbeat_at) VALUES ($1, $2, \(Self.databaseNow))
            ON CONFLICT (id) DO UPDATE SET heartbeat_at = EXCLUDED.heartbeat_at
            """, [instanceId, String(now)])
        if lastHeartbeat.withLock({ $0 }) == nil {
            try connection.query(
                """
                DELETE FROM webhook_instances i WHERE heartbeat_at < \(Self.databaseNow) - $1
                    AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.claimed_by = i.id AND d.status = 'pending')
                """, [String(Self.forgetAfter)])
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

    public func backlog(now: Int64) throws -> OutboxBacklog {
        try pool.withConnection(retryIfLost: true) { connection in
            let result = try connection.query(
                """
                SELECT count(*), min(d.created_at),
                    min(d.next_attempt_at) FILTER (WHERE d.next_attempt_at <= $1
                        AND (d.claimed_by IS NULL OR i.heartbeat_at < \(Self.databaseNow) - $2))
                FROM webhook_deliveries d LEFT JOIN webhook_instances i ON i.id = d.claimed_by
                WHERE d.status = 'pending'
                """, [String(now), String(Self.staleAfter)])
            return OutboxBacklog(
                pending: Int(result.integer(row: 0, column: 0) ?? 0),
                oldestCreatedAt: result.integer(row: 0, column: 1),
                oldestDueAt: result.integer(row: 0, column: 2))
        }
    }

    /// Deliveries this instance holds claimed now, as the database has them.
    public func claimsHeld() throws -> Int {
        try pool.withConnection(retryIfLost: true) { connection in
            let result = try connection.query(
                "SELECT count(*) FROM webhook_deliveries WHERE status = 'pending' AND claimed_by = $1", [instanceId])
            return Int(result.integer(row: 0, column: 0) ?? 0)
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
