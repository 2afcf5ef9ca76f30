/// A JSON document as parsed: object members keep their order and numbers keep their literal text,
/// so what a client sent can be stored and compared without loss.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// The number's literal text as it stood in the document (RFC 8259 grammar), e.g. `12` or `1.5e3`.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    public init(_ integer: Int) {
        self = .number(String(integer))
    }

    public init(_ integer: Int64) {
        self = .number(String(integer))
    }

    /// `.string` for a value, `.null` for nil.
    public init(_ string: String?) {
        self = string.map(JSONValue.string) ?? .null
    }
}
