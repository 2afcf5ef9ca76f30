/// A text appended to a named list of a subject (`text`).
public struct ListEntry: Sendable, Equatable {
    public var entryId: String
    public var subject: SubjectRef
    public var list: String
    public var userId: String
    public var text: String
    public var responseId: String
    public var at: String

    public init(
        entryId: String, subject: SubjectRef, list: String, userId: String, text: String, responseId: String,
        at: String
    ) {
        self.entryId = entryId
        self.subject = subject
        self.list = list
        self.userId = userId
        self.text = text
        self.responseId = responseId
        self.at = at
    }
}
