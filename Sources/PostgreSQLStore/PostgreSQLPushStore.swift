import ActionHubDomain
import Basics
import PostgreSQL

/// Pushes and their outbox on PostgreSQL, shared by every instance. A push and its deliveries are
/// one transaction. Claims take rows with `FOR UPDATE SKIP LOCKED` and hide them until
/// `claimed_until`: an instance killed holding claims leaves them to the others once that lease
/// ends (the sender's leases cover its 10 s timeout twice over).
public final class PostgreSQLPushStore: PushStore, PushOutbox {
    let pool: SessionPool

    init(database: PostgreSQLDatabase, connections: Int) {
        pool = SessionPool(url: database.url, size: connections, statements: [])
    }

    public func create(_ push: NewPush) throws -> PushCreation {
        do {
            return try transaction { try Self.create(push, on: $0) }
        } catch let error as PostgreSQLError where error.code == "23505" && push.idempotencyKey != nil {
            // The same key committed by another request meanwhile: answer as that one.
            return try transaction { try Self.create(push, on: $0) }
        }
    }

    private static func create(_ push: NewPush, on connection: PostgreSQLConnection) throws -> PushCreation {
        if let key = push.idempotencyKey {
            let known = try connection.query(
                """
                SELECT p.id, p.request_hash, (SELECT count(*) FROM push_deliveries d WHERE d.push_position = p.position)
                FROM pushes p WHERE p.idempotency_key = $1
                """, [key])
            if known.rowCount == 1 {
                let id = known.text(row: 0, column: 0) ?? ""
                guard known.text(row: 0, column: 1) == push.requestHash else { return .conflict(id: id) }
                return .existing(id: id, devices: Int(known.integer(row: 0, column: 2) ?? 0))
            }
        }
        let inserted = try connection.query(
            """
            INSERT INTO pushes (id, category, payload, collapse_id, expiration, priority, idempotency_key,
                request_hash, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING position
            """,
            [
                push.id, push.category, push.payload, push.collapseId, push.expiration.map { "\($0)" },
                "\(push.priority)", push.idempotencyKey, push.requestHash, push.createdAt,
            ])
        let position = "\(inserted.integer(row: 0, column: 0) ?? 0)"
        let (column, names) =
            switch push.recipients {
            case .users(let users): ("user_id", users)
            case .devices(let tokens): ("token", tokens)
            }
        // One delivery per device however often it is named; in the order the names came.
        let queued = try connection.query(
            """
            INSERT INTO push_deliveries (push_position, token, user_id, due_at)
            SELECT $1::bigint, v.token, v.user_id, $2::bigint
            FROM unnest($3::text[]) WITH ORDINALITY AS n(name, ordinal) JOIN devices v ON v.\(column) = n.name
            WHERE v.state = 'active' ORDER BY n.ordinal, v.position
            ON CONFLICT (push_position, token) DO NOTHING
            """, [position, "\(Timestamp.milliseconds())", PostgreSQLArray.literal(names)])
        return .created(id: push.id, devices: queued.affectedRows)
    }

    public func push(id: String) throws -> PushStatus? {
        try pool.withConnection(retryIfLost: true) { connection in
            let found = try connection.query("SELECT position, category, created_at FROM pushes WHERE id = $1", [id])
            guard found.rowCount == 1 else { return nil }
            let rows = try connection.query(
                """
                SELECT token, status, reason, delivered_at IS NOT NULL FROM push_deliveries WHERE push_position = $1
                ORDER BY sequence
                """, [found.text(row: 0, column: 0)])
            let devices = rows.rows { row in
                PushStatus.DeviceDelivery(
                    token: rows.text(row: row, column: 0) ?? "",
                    status: PushDeliveryStatus(rawValue: rows.text(row: row, column: 1) ?? "") ?? .queued,
                    reason: rows.text(row: row, column: 2), delivered: rows.text(row: row, column: 3) == "t")
            }
            return PushStatus(
                id: id, category: found.text(row: 0, column: 1) ?? "", createdAt: found.text(row: 0, column: 2) ?? "",
                devices: devices)
        }
    }

    /// The push id a response carries in its notification's userInfo.
    static let pushIdOfResponse = "(notification::jsonb -> 'userInfo' ->> 'actionhub-push')"
    /// The responses `responses_by_push` holds; a query must say it too for the index to serve.
    static let carriesPushId = #"notification LIKE '%"actionhub-push"%'"#

    public func recordDelivery(pushId: String, token: String, userId: String?, at: Int64) throws -> DeliveryReceipt {
        try pool.withConnection { connection in
            let found = try connection.query(
                """
                WITH target AS (
                    SELECT d.sequence, d.delivered_at FROM push_deliveries d JOIN pushes p ON p.position = d.push_position
                    WHERE p.id = $1 AND d.token = $2 AND ($3::text IS NULL OR d.user_id = $3::text)),
                marked AS (
                    UPDATE push_deliveries d SET delivered_at = $4 FROM target
                    WHERE d.sequence = target.sequence AND d.delivered_at IS NULL RETURNING d.sequence)
                SELECT (SELECT count(*) FROM target), (SELECT count(*) FROM marked)
                """, [pushId, token, userId, "\(at)"])
            if found.integer(row: 0, column: 1) == 1 { return .recorded }
            return found.integer(row: 0, column: 0) == 1 ? .known : .notFound
        }
    }

    public func funnel(_ query: FunnelQuery) throws -> FunnelData {
        let window = [
            query.category, query.pushId, Timestamp.format(milliseconds: query.from),
            Timestamp.format(milliseconds: query.to),
        ]
        let pushesOfFunnel =
            "p.category = $1 AND ($2::text IS NULL OR p.id = $2::text) AND p.created_at >= $3 AND p.created_at < $4"
        return try pool.withConnection(retryIfLost: true) { connection in
            try connection.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            defer { try? connection.execute("COMMIT") }
            let counts = try connection.query(
                """
                SELECT count(*) FILTER (WHERE d.status = 'sent'), count(d.delivered_at)
                FROM pushes p JOIN push_deliveries d ON d.push_position = p.position WHERE \(pushesOfFunnel)
                """, window)
            let rows = try connection.query(
                """
                SELECT p.id, r.user_id, r.action, r.received_at, r.fingerprint::jsonb ->> 'respondedAt',
                    (SELECT min(d.sent_at) FROM push_deliveries d WHERE d.push_position = p.position)
                FROM pushes p JOIN responses r ON \(Self.pushIdOfResponse) = p.id
                WHERE \(pushesOfFunnel) AND r.\(Self.carriesPushId)
                """, window)
            let responses = rows.rows { row in
                FunnelData.Response(
                    pushId: rows.text(row: row, column: 0) ?? "", userId: rows.text(row: row, column: 1) ?? "",
                    action: rows.text(row: row, column: 2) ?? "",
                    millisecondsToAction: PushTiming.millisecondsToAction(
                        respondedAt: rows.text(row: row, column: 4), receivedAt: rows.integer(row: row, column: 3),
                        sentAt: rows.integer(row: row, column: 5)))
            }
            return FunnelData(
                sent: Int(counts.integer(row: 0, column: 0) ?? 0),
                delivered: Int(counts.integer(row: 0, column: 1) ?? 0),
                responses: responses)
        }
    }

    public func settle(_ attempts: [PushAttempt], claiming limit: Int, now: Int64, leaseUntil: Int64) throws
        -> [DuePush]
    {
        if attempts.isEmpty {
            // An idle sender asks every round: one indexed read then, no transaction.
            let due = try pool.withConnection(retryIfLost: true) { connection in
                try connection.query(
                    "SELECT 1 FROM push_deliveries WHERE status = 'queued' AND due_at <= $1 LIMIT 1", ["\(now)"]
                ).rowCount
            }
            if due == 0 { return [] }
        }
        return try transaction { connection in
            for attempt in attempts { try Self.record(attempt, now: now, on: connection) }
            guard limit > 0 else { return [] }
            // Deliveries whose device is gone or disabled fail with its reason, not sent.
            try connection.query(
                """
                UPDATE push_deliveries d
                SET status = 'failed', reason = coalesce(v.reason, 'device disabled')
                FROM devices v
                WHERE d.status = 'queued' AND d.due_at <= $1 AND v.token = d.token AND v.state <> 'active'
                """, ["\(now)"])
            try connection.query(
                """
                UPDATE push_deliveries d SET status = 'failed', reason = 'the device was removed'
                WHERE d.status = 'queued' AND d.due_at <= $1
                    AND NOT EXISTS (SELECT 1 FROM devices v WHERE v.token = d.token)
                """, ["\(now)"])
            let due = try connection.query(
                """
                WITH due AS (
                    SELECT sequence FROM push_deliveries
                    WHERE status = 'queued' AND due_at <= $1 AND (claimed_until IS NULL OR claimed_until <= $1)
                    ORDER BY due_at, sequence LIMIT $2 FOR UPDATE SKIP LOCKED),
                claimed AS (
                    UPDATE push_deliveries d SET claimed_until = $3 FROM due WHERE d.sequence = due.sequence
                    RETURNING d.sequence, d.push_position, d.token, d.attempts)
                SELECT c.sequence, p.id, c.token, v.environment, v.topic, p.payload, p.collapse_id, p.expiration,
                    p.priority, c.attempts
                FROM claimed c JOIN pushes p ON p.position = c.push_position JOIN devices v ON v.token = c.token
                ORDER BY c.sequence
                """, ["\(now)", "\(limit)", "\(leaseUntil)"])
            return due.rows { row in
                DuePush(
                    sequence: due.integer(row: row, column: 0) ?? 0, pushId: due.text(row: row, column: 1) ?? "",
                    token: due.text(row: row, column: 2) ?? "",
                    environment: Device.Environment(rawValue: due.text(row: row, column: 3) ?? "") ?? .production,
                    topic: due.text(row: row, column: 4) ?? "", payload: due.text(row: row, column: 5) ?? "{}",
                    collapseId: due.text(row: row, column: 6), expiration: due.integer(row: row, column: 7),
                    priority: Int(due.integer(row: row, column: 8) ?? 10),
                    attempts: Int(due.integer(row: row, column: 9) ?? 0))
            }
        }
    }

    public func prunePushes(createdBefore cutoff: Int64, limit: Int) throws -> Int {
        let values = [Timestamp.format(milliseconds: cutoff), "\(limit)"]
        return try transaction { connection in
            let deliveries = try connection.query(
                """
                DELETE FROM push_deliveries WHERE sequence IN (
                    SELECT d.sequence FROM pushes p JOIN push_deliveries d ON d.push_position = p.position
                    WHERE p.created_at < $1 AND d.status <> 'queued' ORDER BY p.position LIMIT $2)
                """, values)
            let pushes = try connection.query(
                """
                DELETE FROM pushes WHERE position IN (
                    SELECT p.position FROM pushes p WHERE p.created_at < $1
                        AND NOT EXISTS (SELECT 1 FROM push_deliveries d WHERE d.push_position = p.position)
                    ORDER BY p.position LIMIT $2)
                """, values)
            return deliveries.affectedRows + pushes.affectedRows
        }
    }

    public func queuedCount() throws -> Int {
        try pool.withConnection(retryIfLost: true) { connection in
            Int(
                try connection.query("SELECT count(*) FROM push_deliveries WHERE status = 'queued'").integer(
                    row: 0, column: 0) ?? 0)
        }
    }

    private static func record(_ attempt: PushAttempt, now: Int64, on connection: PostgreSQLConnection) throws {
        let sequence = "\(attempt.sequence)"
        switch attempt.outcome {
        case .sent:
            try connection.query(
                """
                UPDATE push_deliveries SET status = 'sent', reason = NULL, attempts = attempts + 1, sent_at = $2,
                    claimed_until = NULL
                WHERE sequence = $1 AND status = 'queued'
                """, [sequence, "\(now)"])
        case .retry(let at, let reason):
            try connection.query(
                """
                UPDATE push_deliveries SET reason = $3, attempts = attempts + 1, due_at = $2, claimed_until = NULL
                WHERE sequence = $1 AND status = 'queued'
                """, [sequence, "\(at)", reason])
        case .failed(let reason):
            try fail(sequence, reason, on: connection)
        case .deviceGone(let reason, let unregisteredAt):
            try fail(sequence, reason, on: connection)
            // Registered again since APNs saw the app go (RFC 3339 text of one width): stays active.
            try connection.query(
                """
                UPDATE devices SET state = 'disabled', reason = $2
                WHERE token = $1 AND ($3::text IS NULL OR registered_at < $3::text)
                """, [attempt.token, reason, unregisteredAt.map { Timestamp.format(milliseconds: $0) }])
        }
    }

    private static func fail(_ sequence: String, _ reason: String, on connection: PostgreSQLConnection) throws {
        try connection.query(
            """
            UPDATE push_deliveries SET status = 'failed', reason = $2, attempts = attempts + 1, claimed_until = NULL
            WHERE sequence = $1 AND status = 'queued'
            """, [sequence, reason])
    }

    private func transaction<Result: Sendable>(_ body: (PostgreSQLConnection) throws -> Result) throws -> Result {
        try pool.withConnection { connection in
            try connection.execute("BEGIN")
            do {
                let result = try body(connection)
                try connection.execute("COMMIT")
                return result
            } catch {
                if connection.isConnected { try? connection.execute("ROLLBACK") }
                throw error
            }
        }
    }
}
