/// A user in a named set of a subject (`toggle`): one per user, set and subject.
public struct Membership: Sendable, Equatable {
    public var subject: SubjectRef
    public var set: String
    public var userId: String
    public var responseId: String
    public var at: String

    public init(subject: SubjectRef, set: String, userId: String, responseId: String, at: String) {
        self.subject = subject
        self.set = set
        self.userId = userId
        self.responseId = responseId
        self.at = at
    }
}

/// What a toggle did: whether the user is a member now, whether that changed, and the set's size.
public struct MembershipChange: Sendable, Equatable {
    public var member: Bool
    public var changed: Bool
    public var count: Int

    public init(member: Bool, changed: Bool, count: Int) {
        self.member = member
        self.changed = changed
        self.count = count
    }
}
