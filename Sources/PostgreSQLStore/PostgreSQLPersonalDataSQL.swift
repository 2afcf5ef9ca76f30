import ActionHubDomain
import Migrations

/// Each kind of a user's data as JSON objects made by PostgreSQL (`json_build_object`): `$1` the
/// user, `$2` the position after which, `$3` the limit.
enum PostgreSQLPersonalDataSQL {
    static func query(_ kind: PersonalDataKind) -> String {
        guard let (table, fields) = PersonalDataColumns.table(of: kind.rawValue) else {
            preconditionFailure("PersonalDataColumns has no table for \(kind)")
        }
        let object = fields.map { "'\($0.name)', " + ($0.isJSON ? "\($0.column)::json" : $0.column) }
        return """
            SELECT position, json_build_object(\(object.joined(separator: ", ")))::text FROM \(table)
            WHERE user_id = $1 AND position > $2 ORDER BY position LIMIT $3
            """
    }
}
