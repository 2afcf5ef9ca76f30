/// A user's current value in a named choice of a subject (`choice`): one per user, choice and
/// subject; answering again moves it.
public struct ChoiceAnswer: Sendable, Equatable {
    public var subject: SubjectRef
    public var choice: String
    public var userId: String
    public var value: String
    public var responseId: String
    public var at: String

    public init(subject: SubjectRef, choice: String, userId: String, value: String, responseId: String, at: String) {
        self.subject = subject
        self.choice = choice
        self.userId = userId
        self.value = value
        self.responseId = responseId
        self.at = at
    }
}

/// What an answer did: the value it replaced (nil when the user had none) and the choice's counts
/// after it, by value.
public struct ChoiceChange: Sendable, Equatable {
    public var previous: String?
    public var counts: [String: Int]

    public init(previous: String?, counts: [String: Int]) {
        self.previous = previous
        self.counts = counts
    }
}
