import ActionHubDomain
import Basics
import GroupCommit
import SQLite

/// Webhook endpoints and the outbox in the SQLite database. The event writer adds the delivery
/// rows inside each event's transaction (`Writer`); this store manages endpoints on a synced
/// connection and claims and records attempts on a connection of its own, which commits without
/// fsync: a lost "delivered" only means one more delivery, which at-least-once allows.
///
/// Attempts only see events the WAL syncer has made durable (`durableUpTo`): a receiver is never
/// told of an event that a power loss could still take back.
public final class SQLiteWebhookStore: WebhookRegistry, WebhookOutbox {
    // Optional so that `close` can release the connections while others still hold the store.
    private let registryStatements: Locked<SQLiteWebhookStatements?>
    private let outboxStatements: Locked<SQLiteWebhookStatements?>
    private let durableUpTo: @Sendable () -> Int64

    init(database: SQLiteDatabase, durableUpTo: @escaping @Sendable () -> Int64) throws {
        registryStatements = Locked(try SQLiteWebhookStatements(connection: try database.openSyncedConnection()))
        let outboxConnection = try SQLiteConnection(path: database.path)
        try outboxConnection.execute("PRAGMA synchronous = NORMAL")
        outboxStatements = Locked(try SQLiteWebhookStatements(connection: outboxConnection))
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
        try outbox { statements in
            try statements.allTargets.rows([]) { row in
                WebhookTarget(id: row.text(at: 0) ?? "", url: row.text(at: 1) ?? "", secret: row.text(at: 2) ?? "")
            }
        }
    }

    public func settle(_ results: [DeliveryResult], claiming requests: [ClaimRequest], now: Int64, leaseUntil: Int64)
        throws -> [DueDelivery]
    {
        let horizon = durableUpTo()
        return try outbox { statements in
            // A read first: an idle round takes no write lock from the event writer.
            if results.isEmpty {
                let due = try statements.anyDue.rows([.integer(now), .integer(horizon)]) { _ in true }
                if due.isEmpty { return [] }
            }
            return try statements.connection.transaction(.immediate) {
                for result in results {
                    try statements.recordResult.run(SQLiteWebhookStatements.values(of: result))
                }
                var due: [DueDelivery] = []
                for request in requests where request.limit > 0 {
                    due += try claim(request, now: now, leaseUntil: leaseUntil, horizon: horizon, with: statements)
                }
                return due
            }
        }
    }

    private func claim(
        _ request: ClaimRequest, now: Int64, leaseUntil: Int64, horizon: Int64, with statements: SQLiteWebhookStatements
    ) throws -> [DueDelivery] {
        let claimed = try statements.claim.rows([
            .text(request.endpointId), .integer(now), .integer(Int64(request.limit)), .integer(leaseUntil),
            .integer(horizon),
        ]) { row in
            (
                sequence: row.integer(at: 0), attempts: Int(row.integer(at: 1)), position: row.integer(at: 2),
                createdAt: row.integer(at: 3)
            )
        }
        return try claimed.sorted { $0.sequence < $1.sequence }.map { claim in
            let event = try statements.eventByPosition.rows([.integer(claim.position)]) { row in
                (body: row.text(at: 0) ?? "", notification: row.text(at: 1))
            }.first
            return DueDelivery(
                sequence: claim.sequence, endpointId: request.endpointId, attempt: claim.attempts,
                position: claim.position, createdAt: claim.createdAt, body: event?.body ?? "{}",
                notification: event?.notification)
        }
    }

    public func backlog() throws -> (pending: Int, oldestCreatedAt: Int64?) {
        try outbox { statements in
            try statements.backlog.rows([]) { (Int($0.integer(at: 0)), $0.optionalInteger(at: 1)) }.first ?? (0, nil)
        }
    }

    /// Closes the connections; later calls throw `StoreClosed`. The database's last connection to
    /// close removes its WAL, so this goes before the response store's.
    public func close() {
        registryStatements.withLock { $0 = nil }
        outboxStatements.withLock { $0 = nil }
    }

    private func registry<Result>(_ body: (SQLiteWebhookStatements) throws -> Result) throws -> Result {
        try registryStatements.withLock { statements in
            guard let statements else { throw StoreClosed() }
            return try body(statements)
        }
    }

    private func outbox<Result>(_ body: (SQLiteWebhookStatements) throws -> Result) throws -> Result {
        try outboxStatements.withLock { statements in
            guard let statements else { throw StoreClosed() }
            return try body(statements)
        }
    }
}
