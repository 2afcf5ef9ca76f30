/// What `GET /v1/stats/subjects` ranks a category's subjects by, within a window: members who
/// joined a set, entries added to a list, or users whose current answer is a choice's value,
/// each counted at the moment of the response that made it.
public struct SubjectRanking: Sendable, Equatable {
    public enum Measure: Sendable, Equatable {
        case set(String)
        case list(String)
        case choice(String, value: String)

        /// `set:NAME`, `list:NAME` or `choice:NAME:VALUE`, as the query writes it.
        public var text: String {
            switch self {
            case .set(let name): "set:\(name)"
            case .list(let name): "list:\(name)"
            case .choice(let name, let value): "choice:\(name):\(value)"
            }
        }
    }

    public var category: String
    public var measure: Measure
    /// RFC 3339 with milliseconds in UTC, as state rows record `at`: from inclusive, to exclusive.
    public var from: String
    public var to: String
    public var limit: Int

    public init(category: String, measure: Measure, from: String, to: String, limit: Int) {
        self.category = category
        self.measure = measure
        self.from = from
        self.to = to
        self.limit = limit
    }
}

/// One ranked subject and its count within the window.
public struct SubjectTally: Sendable, Equatable {
    public var subject: String
    public var count: Int

    public init(subject: String, count: Int) {
        self.subject = subject
        self.count = count
    }
}
