import ActionHubDomain
import PostgreSQL

extension PostgreSQLResponseStore {
    private static let columns = "token, user_id, environment, topic, state, reason, registered_at"

    /// One statement; `xmax = 0` on the returned row tells an insert from an update.
    public func register(_ device: Device) throws -> Bool {
        try readers.withConnection(retryIfLost: true) { connection in
            let result = try connection.query(
                """
                INSERT INTO devices (token, user_id, environment, topic, registered_at) VALUES ($1, $2, $3, $4, $5)
                ON CONFLICT (token) DO UPDATE SET user_id = excluded.user_id, environment = excluded.environment,
                    topic = excluded.topic, state = 'active', reason = NULL, registered_at = excluded.registered_at
                RETURNING (xmax = 0)
                """,
                [device.token, device.userId, device.environment.rawValue, device.topic, device.registeredAt])
            return result.text(row: 0, column: 0) == "t"
        }
    }

    public func devices(userId: String) throws -> [Device] {
        try readers.withConnection(retryIfLost: true) { connection in
            Self.devices(
                try connection.query(
                    "SELECT \(Self.columns) FROM devices WHERE user_id = $1 ORDER BY registered_at, position",
                    [userId]))
        }
    }

    public func device(token: String) throws -> Device? {
        try readers.withConnection(retryIfLost: true) { connection in
            Self.devices(try connection.query("SELECT \(Self.columns) FROM devices WHERE token = $1", [token])).first
        }
    }

    public func removeDevice(token: String) throws -> Bool {
        try readers.withConnection(retryIfLost: true) { connection in
            try connection.query("DELETE FROM devices WHERE token = $1", [token]).affectedRows == 1
        }
    }

    private static func devices(_ rows: PostgreSQLResult) -> [Device] {
        (0..<rows.rowCount).compactMap { row in
            guard let environment = Device.Environment(rawValue: rows.text(row: row, column: 2) ?? ""),
                let state = Device.State(rawValue: rows.text(row: row, column: 4) ?? "")
            else { return nil }
            return Device(
                token: rows.text(row: row, column: 0) ?? "", userId: rows.text(row: row, column: 1) ?? "",
                environment: environment, topic: rows.text(row: row, column: 3) ?? "", state: state,
                reason: rows.text(row: row, column: 5), registeredAt: rows.text(row: row, column: 6) ?? "")
        }
    }
}
