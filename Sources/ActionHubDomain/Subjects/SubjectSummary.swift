/// A subject as `GET /v1/categories/{category}/subjects/{id}` shows it: every set, choice and list
/// the category declares, counted (zeros included), and one user's state when asked for.
public struct SubjectSummary: Sendable {
    public struct SetSummary: Sendable, Equatable {
        public var name: String
        public var count: Int
        /// Whether the asked-for user is in it; nil when no user was asked for.
        public var member: Bool?
    }

    public struct ChoiceSummary: Sendable {
        public var name: String
        /// Every declared value in declaration order, with its count.
        public var counts: [(value: String, count: Int)]
        /// The asked-for user's value (nil: none, or no user asked for; see `userAsked`).
        public var value: String?
    }

    public var category: String
    public var subject: Subject
    public var sets: [SetSummary]
    public var choices: [ChoiceSummary]
    public var lists: [(name: String, count: Int)]
    /// True when a user's state is included.
    public var userAsked: Bool
}
