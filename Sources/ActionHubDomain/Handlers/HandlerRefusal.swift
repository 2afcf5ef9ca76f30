/// A handler's business "no": the event fits its route, but the handler will not act on it.
/// Answered as a 4xx problem and never stored, so the same id may be sent again later; unlike a
/// storage failure it is not a "retry" (503).
public struct HandlerRefusal: Error, Sendable, Equatable {
    /// 400–499.
    public var status: Int
    /// The last part of the problem type, `urn:actionhub:problem:<kind>`.
    public var kind: String
    public var title: String
    public var detail: String

    public init(status: Int, kind: String, title: String, detail: String) {
        precondition((400...499).contains(status), "a refusal is a client error")
        self.status = status
        self.kind = kind
        self.title = title
        self.detail = detail
    }
}
