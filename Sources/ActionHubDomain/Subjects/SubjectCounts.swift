/// A subject's kept counts: members per set, users per value per choice, entries per list.
/// Only what was ever counted is here; the service adds the category's declared names at zero.
public struct SubjectCounts: Sendable, Equatable {
    public var sets: [String: Int]
    public var choices: [String: [String: Int]]
    public var lists: [String: Int]

    public init(sets: [String: Int] = [:], choices: [String: [String: Int]] = [:], lists: [String: Int] = [:]) {
        self.sets = sets
        self.choices = choices
        self.lists = lists
    }
}

/// One user's state in a subject: the sets they are in and their value per choice.
public struct SubjectUserState: Sendable, Equatable {
    public var sets: Set<String>
    public var choices: [String: String]

    public init(sets: Set<String> = [], choices: [String: String] = [:]) {
        self.sets = sets
        self.choices = choices
    }
}
