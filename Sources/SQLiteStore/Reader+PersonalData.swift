import ActionHubDomain
import SQLite

extension Reader {
    /// One page of the user's rows of `kind` (`PersonalDataSQL`), for an export.
    func personalData(userId: String, kind: PersonalDataKind, after position: Int64, limit: Int) throws
        -> [(position: Int64, json: String)]
    {
        try connection.prepare(PersonalDataSQL.query(kind)).rows([
            .text(userId), .integer(position), .integer(Int64(limit)),
        ]) { ($0.integer(at: 0), $0.text(at: 1) ?? "{}") }
    }
}
