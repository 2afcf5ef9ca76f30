/// One statement of a pipeline (`PostgreSQLConnection.pipeline`): a prepared one by name, or SQL
/// planned at its use, with text parameters `$1…` (nil is SQL NULL).
public struct PostgreSQLStatement: Sendable {
    enum Text: Sendable {
        case prepared(name: String)
        case planned(sql: String)
    }

    let text: Text
    let parameters: [String?]

    public static func prepared(_ name: String, _ parameters: [String?] = []) -> PostgreSQLStatement {
        PostgreSQLStatement(text: .prepared(name: name), parameters: parameters)
    }

    public static func sql(_ sql: String, _ parameters: [String?] = []) -> PostgreSQLStatement {
        PostgreSQLStatement(text: .planned(sql: sql), parameters: parameters)
    }

    /// What an error names: the prepared statement's name or the SQL.
    var label: String {
        switch text {
        case .prepared(let name): name
        case .planned(let sql): sql
        }
    }
}
