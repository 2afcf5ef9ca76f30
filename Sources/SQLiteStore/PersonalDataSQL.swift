import ActionHubDomain
import Migrations

/// Each kind of a user's data as JSON objects made by SQLite (`json_object`), so that a row is
/// read as the text the export sends: `?1` the user, `?2` the position after which, `?3` the limit.
enum PersonalDataSQL {
    static func query(_ kind: PersonalDataKind) -> String {
        guard let (table, fields) = PersonalDataColumns.table(of: kind.rawValue) else {
            preconditionFailure("PersonalDataColumns has no table for \(kind)")
        }
        let object = fields.map { "'\($0.name)', " + ($0.isJSON ? "json(\($0.column))" : $0.column) }
        return """
            SELECT position, json_object(\(object.joined(separator: ", "))) FROM \(table)
            WHERE user_id = ?1 AND position > ?2 ORDER BY position LIMIT ?3
            """
    }
}
