import ActionHubDomain
import Basics
import GroupCommit
import SQLite

/// Pushes and their outbox in the SQLite database. A push and its deliveries are written on a
/// synced connection (a 202 is never ahead of the disk); the sender claims and records attempts
/// on a connection of its own that commits without fsync: a lost "sent" only means one more
/// send of what was in flight.
///
/// One process serves an SQLite database, so claims are leases in memory, as the webhook
/// outbox's are: after a crash every queued delivery is due again at once.
public final class SQLitePushStore: PushStore, PushOutbox {
    private let creation: Locked<SQLitePushStatements?>
    private let outboxState: Locked<OutboxState?>

    private struct OutboxState {
        let statements: SQLitePushStatements
        /// Delivery sequence → until when (Unix milliseconds) this process holds it.
        var leases: [Int64: Int64] = [:]
    }

    init(database: SQLiteDatabase) throws {
        creation = Locked(try SQLitePushStatements(connection: try database.openSyncedConnection()))
        let outboxConnection = try SQLiteConnection(path: database.path)
        try outboxConnection.execute("PRAGMA synchronous = NORMAL")
        outboxState = Locked(OutboxState(statements: try SQLitePushStatements(connection: outboxConnection)))
    }

    public func create(_ push: NewPush) throws -> PushCreation {
        try statements { statements in
            try statements.connection.transaction(.immediate) {
                if let key = push.idempotencyKey,
                    let known = try statements.byKey.rows(
                        [.text(key)], { ($0.integer(at: 0), $0.text(at: 1) ?? "", $0.text(at: 2) ?? "") }
                    ).first
                {
                    guard known.2 == push.requestHash else { return .conflict(id: known.1) }
                    let devices = try statements.deliveryCount.rows([.integer(known.0)]) { Int($0.integer(at: 0)) }
                    return .existing(id: known.1, devices: devices.first ?? 0)
                }
                try statements.insertPush.run([
                    .text(push.id), .text(push.category), .text(push.payload), SQLiteValue(push.collapseId),
                    push.expiration.map(SQLiteValue.integer) ?? .null, .integer(Int64(push.priority)),
                    SQLiteValue(push.idempotencyKey), .text(push.requestHash), .text(push.createdAt),
                ])
                let position = statements.connection.lastInsertRowid
                let now = Timestamp.milliseconds()
                var queued = 0
                let (statement, names) =
                    switch push.recipients {
                    case .users(let users): (statements.queueForUser, users)
                    case .devices(let tokens): (statements.queueForDevice, tokens)
                    }
                for name in names {
                    try statement.run([.integer(position), .integer(now), .text(name)])
                    queued += statements.connection.changes
                }
                return .created(id: push.id, devices: queued)
            }
        }
    }

    public func push(id: String) throws -> PushStatus? {
        try statements { statements in
            try statements.connection.transaction {
                guard
                    let (position, category, createdAt) = try statements.byId.rows(
                        [.text(id)],
                        {
                            ($0.integer(at: 0), $0.text(at: 1) ?? "", $0.text(at: 2) ?? "")
                        }
                    ).first
                else { return nil }
                let devices = try statements.deliveriesOfPush.rows([.integer(position)]) { row in
                    PushStatus.DeviceDelivery(
                        token: row.text(at: 0) ?? "",
                        status: PushDeliveryStatus(rawValue: row.text(at: 1) ?? "") ?? .queued, reason: row.text(at: 2),
                        delivered: row.integer(at: 3) == 1)
                }
                return PushStatus(id: id, category: category, createdAt: createdAt, devices: devices)
            }
        }
    }

    public func settle(_ attempts: [PushAttempt], claiming limit: Int, now: Int64, leaseUntil: Int64) throws
        -> [DuePush]
    {
        try outbox { state in
            let statements = state.statements
            // An idle sender asks every round: only a read then, no write lock taken from the writer.
            if attempts.isEmpty, try statements.anyDue.rows([.integer(now)], { _ in true }).isEmpty { return [] }
            var due: [DuePush] = []
            try statements.connection.transaction(.immediate) {
                for attempt in attempts { try statements.record(attempt, now: now) }
                state.leases = state.leases.filter { $0.value > now }
                for attempt in attempts { state.leases[attempt.sequence] = nil }
                guard limit > 0 else { return }
                let leases = state.leases
                let rows = try statements.due.rows([.integer(now), .integer(Int64(limit + leases.count))]) {
                    SQLitePushStatements.duePush($0)
                }
                for (push, deviceState, deviceReason) in rows where leases[push.sequence] == nil {
                    guard deviceState == Device.State.active.rawValue else {
                        let reason = deviceState == nil ? "the device was removed" : deviceReason ?? "device disabled"
                        try statements.fail.run([.integer(push.sequence), .text(reason)])
                        continue
                    }
                    guard due.count < limit else { break }
                    due.append(push)
                    state.leases[push.sequence] = leaseUntil
                }
            }
            return due
        }
    }

    public func recordDelivery(pushId: String, token: String, userId: String?, at: Int64) throws -> DeliveryReceipt {
        try statements { statements in
            try statements.receive.run([.text(pushId), .text(token), .integer(at), SQLiteValue(userId)])
            if statements.connection.changes == 1 { return .recorded }
            let known = try statements.receipt.rows([.text(pushId), .text(token), SQLiteValue(userId)]) { _ in true }
            return known.isEmpty ? .notFound : .known
        }
    }

    public func funnel(_ query: FunnelQuery) throws -> FunnelData {
        let window: [SQLiteValue] = [
            .text(query.category), SQLiteValue(query.pushId), .text(Timestamp.format(milliseconds: query.from)),
            .text(Timestamp.format(milliseconds: query.to)),
        ]
        return try statements { statements in
            try statements.connection.transaction {
                let (sent, delivered) =
                    try statements.funnelCounts.rows(window) { (Int($0.integer(at: 0)), Int($0.integer(at: 1))) }.first
                    ?? (0, 0)
                let responses = try statements.funnelResponses.rows(window) { row in
                    FunnelData.Response(
                        pushId: row.text(at: 0) ?? "", userId: row.text(at: 1) ?? "", action: row.text(at: 2) ?? "",
                        millisecondsToAction: PushTiming.millisecondsToAction(
                            respondedAt: row.text(at: 4), receivedAt: row.optionalInteger(at: 3),
                            sentAt: row.optionalInteger(at: 5)))
                }
                return FunnelData(sent: sent, delivered: delivered, responses: responses)
            }
        }
    }

    public func prunePushes(createdBefore cutoff: Int64, limit: Int) throws -> Int {
        let values: [SQLiteValue] = [.text(Timestamp.format(milliseconds: cutoff)), .integer(Int64(limit))]
        return try outbox { state in
            try state.statements.connection.transaction(.immediate) {
                try state.statements.pruneDeliveries.run(values)
                let deliveries = state.statements.connection.changes
                try state.statements.prunePushes.run(values)
                return deliveries + state.statements.connection.changes
            }
        }
    }

    public func queuedCount() throws -> Int {
        try outbox { state in try state.statements.queued.rows { Int($0.integer(at: 0)) }.first ?? 0 }
    }

    /// Closes the connections; later calls throw `StoreClosed`.
    public func close() {
        creation.withLock { $0 = nil }
        outboxState.withLock { $0 = nil }
    }

    private func statements<Result>(_ body: (SQLitePushStatements) throws -> Result) throws -> Result {
        try creation.withLock { statements in
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
