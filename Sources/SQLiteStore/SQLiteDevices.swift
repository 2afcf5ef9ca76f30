import ActionHubDomain
import SQLite

/// The devices table on a connection of its own whose every commit is synced: a registration is
/// answered only once it is on disk. Used under its owner's lock.
final class SQLiteDevices {
    private let connection: SQLiteConnection
    private let exists: SQLiteStatement
    private let upsert: SQLiteStatement
    private let byUser: SQLiteStatement
    private let byToken: SQLiteStatement
    private let delete: SQLiteStatement
    private static let columns = "token, user_id, environment, topic, state, reason, registered_at"

    init(connection: SQLiteConnection) throws {
        self.connection = connection
        exists = try connection.prepare("SELECT 1 FROM devices WHERE token = ?1")
        upsert = try connection.prepare(
            """
            INSERT INTO devices (token, user_id, environment, topic, registered_at) VALUES (?1, ?2, ?3, ?4, ?5)
            ON CONFLICT (token) DO UPDATE SET user_id = excluded.user_id, environment = excluded.environment,
                topic = excluded.topic, state = 'active', reason = NULL, registered_at = excluded.registered_at
            """)
        byUser = try connection.prepare(
            "SELECT \(Self.columns) FROM devices WHERE user_id = ?1 ORDER BY registered_at, position")
        byToken = try connection.prepare("SELECT \(Self.columns) FROM devices WHERE token = ?1")
        delete = try connection.prepare("DELETE FROM devices WHERE token = ?1")
    }

    func register(_ device: Device) throws -> Bool {
        try connection.transaction(.immediate) {
            let known = try !exists.rows([.text(device.token)]) { _ in () }.isEmpty
            try upsert.run([
                .text(device.token), .text(device.userId), .text(device.environment.rawValue), .text(device.topic),
                .text(device.registeredAt),
            ])
            return !known
        }
    }

    func devices(userId: String) throws -> [Device] {
        try byUser.rows([.text(userId)], Self.device).compactMap { $0 }
    }

    func device(token: String) throws -> Device? {
        try byToken.rows([.text(token)], Self.device).first ?? nil
    }

    func remove(token: String) throws -> Bool {
        try delete.run([.text(token)])
        return connection.changes == 1
    }

    private static func device(_ row: SQLiteStatement) -> Device? {
        guard let environment = Device.Environment(rawValue: row.text(at: 2) ?? ""),
            let state = Device.State(rawValue: row.text(at: 4) ?? "")
        else { return nil }
        return Device(
            token: row.text(at: 0) ?? "", userId: row.text(at: 1) ?? "", environment: environment,
            topic: row.text(at: 3) ?? "", state: state, reason: row.text(at: 5), registeredAt: row.text(at: 6) ?? "")
    }
}
