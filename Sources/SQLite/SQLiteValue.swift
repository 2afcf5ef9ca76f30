/// A value bound to a statement parameter.
public enum SQLiteValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case text(String)

    /// `.text`, or `.null` for nil.
    public init(_ text: String?) {
        self = text.map(SQLiteValue.text) ?? .null
    }
}
