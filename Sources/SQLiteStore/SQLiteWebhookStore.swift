import ActionHubDomain
import Basics
import GroupCommit
import SQLite

/// Webhook endpoints and the outbox in the SQLite database. The event writer adds the delivery
/// rows inside each event's transaction (`Writer`); this store manages endpoints on a synced
/// connection and claims and records attempts on a connection of its own, which commits without
/// fsync: a lost "delivered" only means one more delivery, which at-least-once allows.
///
/// One process serves an SQLite database, so claims are leases in memory, not writes: a claim is
/// a read, and a round's one write transaction records results (counting the attempts). Writing
/// the leases too doubled the outbox's share of the one write lock the event writer needs. After
/// a crash the leases are gone and every pending delivery is due again.
///
/// Attempts only see events the WAL syncer has made durable (`durableUpTo`): a receiver is never
/// told of an event that a power loss could still take back.
public final class SQLiteWebhookStore: WebhookRegistry, WebhookOutbox {
    // Optional so that `close` can release the connections while others still hold the store.
    private let registryStatements: Locked<SQLiteWebhookStatements?>
    private let outboxState: Locked<OutboxState?>
    private let durableUpTo: @Sendable () -> Int64

    init(database: SQLiteDatabase, durableUpTo: @escaping @Sendable () -> Int64) throws {
        registryStatements = Locked(try SQLiteWebhookStatements(connection: try database.openSyncedConnection()))
        let outboxConnection = try SQLiteConnection(path: database.path)
        try outboxConnection.execute("PRAGMA synchronous = NORMAL")
        outboxState = Locked(OutboxState(statements: try SQLiteWebhookStatements(connection: outboxConnection)))
        self.durableUpTo = durableUpTo
    }

    public func create(_ endpoint: WebhookEndpoint, secret: String) throws {
        try registry { statements in
            try statements.connection.transaction(.immediate) {
                try statements.insertEndpoint.run([
                    .text(endpoint.id), .text(endpoint.url), .text(endpoint.events.joined(separator: "\n")),
                    .text(secret), .text(endpoint.createdAt),
                ])
                for pattern in Set(endpoint.events) {
                    try statements.insertSubscription.run([.text(pattern), .text(endpoint.id)])
                }
            }
        }
    }

    public func endpoints() throws -> [WebhookEndpoint] {
        try registry { try $0.allEndpoints.rows([], SQLiteWebhookStatements.endpoint) }
    }

    public func deliveryCounts() throws -> [String: WebhookDeliveryCounts] {
        let rows = try registry { statements in
            try statements.deliveryCounts.rows([]) {
                ($0.text(at: 0) ?? "", $0.text(at: 1) ?? "", Int($0.integer(at: 2)), $0.optionalInteger(at: 3))
            }
        }
        return WebhookDeliveryCounts.grouped(rows)
    }

    public func delete(endpointId: String) throws -> Bool {
        try registry { statements in
            try statements.connection.transaction(.immediate) {
                try statements.deleteEndpoint.run([.text(endpointId)])
                guard statements.connection.changes == 1 else { return false }
                try statements.deleteSubscriptions.run([.text(endpointId)])
                try statements.deleteDeliveries.run([.text(endpointId)])
                return true
            }
        }
    }

    public func deliveries(endpointId: String, status: WebhookDelivery.Status?, page: PageRequest) throws
        -> Page<WebhookDelivery>?
    {
        try registry { statements in
            try statements.connection.transaction {
                guard try !statements.endpointExists.rows([.text(endpointId)], { _ in true }).isEmpty else {
                    return nil
                }
                let rows = try statements.deliveriesPage.rows([
                    .text(endpointId), .integer(page.cursor?.position ?? .max), SQLiteValue(status?.rawValue),
                    .integer(Int64(page.limit + 1)),
                ]) { row in
                    let delivery = SQLiteWebhookStatements.delivery(row)
                    return (position: delivery.sequence, item: delivery)
                }
                return Page(rows: rows, limit: page.limit)
            }
        }
    }

    public func redeliver(endpointId: String, sequence: Int64, now: Int64) throws -> WebhookDelivery? {
        try registry { statements in
            try statements.connection.transaction(.immediate) {
                try statements.redeliver.run([.text(endpointId), .integer(sequence), .integer(now)])
                guard statements.connection.changes == 1 else { return nil }
                return try statements.oneDelivery.rows([.integer(sequence)], SQLiteWebhookStatements.delivery).first
            }
        }
    }

    public func targets() throws -> [WebhookTarget] {
        try outbox { state in
            try state.statements.allTargets.rows([]) { row in
                WebhookTarget(id: row.text(at: 0) ?? "", url: row.text(at: 1) ?? "", secret: row.text(at: 2) ?? "")
            }
        }
    }

    public func settle(_ results: [DeliveryResult], claiming requests: [ClaimRequest], now: Int64, leaseUntil: Int64)
        throws -> [DueDelivery]
    {
        let horizon = durableUpTo()
        return try outbox { state in
            if !results.isEmpty {
                let statements = state.statements
                try statements.connection.transaction(.immediate) {
                    for result in results {
                        try statements.recordResult.run(SQLiteWebhookStatements.values(of: result))
                    }
                }
                for result in results { state.leases[result.sequence] = nil }
            }
            state.leases = state.leases.filter { $0.value > now }
            var due: [DueDelivery] = []
            for request in requests where request.limit > 0 {
                due += try claim(request, now: now, leaseUntil: leaseUntil, horizon: horizon, state: &state)
            }
            return due
        }
    }

    /// Due deliveries of the endpoint that no lease holds, leased now.
    private func claim(
        _ request: ClaimRequest, now: Int64, leaseUntil: Int64, horizon: Int64, state: inout OutboxState
    ) throws -> [DueDelivery] {
        let leases = state.leases
        let rows = try state.statements.due.rows([
            .text(request.endpointId), .integer(now), .integer(Int64(request.limit + leases.count)),
            .integer(horizon),
        ]) { row in
            DueDelivery(
                sequence: row.integer(at: 0), endpointId: request.endpointId, attempt: Int(row.integer(at: 1)) + 1,
                position: row.integer(at: 2), createdAt: row.integer(at: 3), body: row.text(at: 4) ?? "{}",
                notification: row.text(at: 5))
        }
        let claimed = rows.lazy.filter { leases[$0.sequence] == nil }.prefix(request.limit)
        for delivery in claimed { state.leases[delivery.sequence] = leaseUntil }
        return claimed.sorted { $0.sequence < $1.sequence }
    }

    public func backlog(now: Int64) throws -> OutboxBacklog {
        try outbox { state in
            let (pending, oldest) =
                try state.statements.backlog.rows([]) { (Int($0.integer(at: 0)), $0.optionalInteger(at: 1)) }.first
                ?? (0, nil)
            let leases = state.leases
            let due = try state.statements.oldestDue.rows([.integer(now), .integer(Int64(leases.count + 1))]) {
                (sequence: $0.integer(at: 0), dueAt: $0.integer(at: 1))
            }
            return OutboxBacklog(
                pending: pending, oldestCreatedAt: oldest,
                oldestDueAt: due.first { leases[$0.sequence].map { $0 <= now } ?? true }?.dueAt)
        }
    }

    /// Closes the connections; later calls throw `StoreClosed`. The database's last connection to
    /// close removes its WAL, so this goes before the response store's.
    public func close() {
        registryStatements.withLock { $0 = nil }
        outboxState.withLock { $0 = nil }
    }

    /// Reads windows of deliveries from the oldest, outside any transaction, until `limit` settled
    /// ones before `cutoff` are found or one created after it is reached (pending ones are passed
    /// over), then deletes those in one short transaction: the event writer waits only for that.
    public func pruneDeliveries(settledBefore cutoff: Int64, limit: Int) throws -> Int {
        try outbox { state in
            let connection = state.statements.connection
            let window = try connection.prepare(
                """
                SELECT sequence, status, coalesce(delivered_at, next_attempt_at, created_at), created_at
                FROM webhook_deliveries WHERE sequence > ?1 ORDER BY sequence LIMIT ?2
                """)
            var found: [Int64] = []
            var after: Int64 = 0
            scanning: while found.count < limit {
                let rows = try window.rows([.integer(after), .integer(Int64(limit))]) {
                    ($0.integer(at: 0), $0.text(at: 1) ?? "", $0.integer(at: 2), $0.integer(at: 3))
                }
                for (sequence, status, settledAt, createdAt) in rows {
                    if createdAt >= cutoff || found.count == limit { break scanning }
                    if status != "pending" && settledAt < cutoff { found.append(sequence) }
                    after = sequence
                }
                if rows.count < limit { break }
            }
            guard !found.isEmpty else { return 0 }
            let delete = try connection.prepare("DELETE FROM webhook_deliveries WHERE sequence = ?1")
            try connection.transaction(.immediate) {
                for sequence in found { try delete.run([.integer(sequence)]) }
            }
            return found.count
        }
    }

    private func registry<Result>(_ body: (SQLiteWebhookStatements) throws -> Result) throws -> Result {
        try registryStatements.withLock { statements in
            guard let statements else { throw StoreClosed() }
            return try body(statements)
        }
    }

    private func outbox<Result>(_ body: (inout OutboxState) throws -> Result) throws -> Result {
        try outboxState.withLock { state in
            guard state != nil else { throw StoreClosed() }
            return try body(&state!)
        }
    }
}

/// The outbox connection and the leases of what it claimed: delivery sequence → until when
/// (Unix milliseconds).
private struct OutboxState {
    let statements: SQLiteWebhookStatements
    var leases: [Int64: Int64] = [:]
}
