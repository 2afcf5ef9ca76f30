/// One subject of one category: the scope every kept state (sets, choices, lists) is keyed on.
public struct SubjectRef: Sendable, Equatable, Hashable, Comparable {
    public var category: String
    public var subject: String

    public init(category: String, subject: String) {
        self.category = category
        self.subject = subject
    }

    public static func < (lhs: SubjectRef, rhs: SubjectRef) -> Bool {
        (lhs.category, lhs.subject) < (rhs.category, rhs.subject)
    }
}
