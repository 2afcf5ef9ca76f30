/// One named, ordered schema change. Once released, a migration's SQL never changes: new
/// changes come as new migrations.
public struct Migration: Sendable {
    public var name: String
    public var sql: String

    public init(name: String, sql: String) {
        self.name = name
        self.sql = sql
    }
}
