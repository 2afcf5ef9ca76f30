import ActionHubDomain

/// Subject reads through one of the backend's read connections.
extension GroupCommitStore {
    public func subjectCounts(_ subject: SubjectRef) throws -> SubjectCounts {
        try read { try $0.subjectCounts(subject) }
    }

    public func subjectState(_ subject: SubjectRef, userId: String) throws -> SubjectUserState {
        try read { try $0.subjectState(subject, userId: userId) }
    }

    public func members(of subject: SubjectRef, set: String, page: PageRequest) throws -> Page<Membership> {
        try read { try $0.members(of: subject, set: set, page: page) }
    }

    public func answers(of subject: SubjectRef, choice: String, page: PageRequest) throws -> Page<ChoiceAnswer> {
        try read { try $0.answers(of: subject, choice: choice, page: page) }
    }

    public func entries(of subject: SubjectRef, list: String, page: PageRequest) throws -> Page<ListEntry> {
        try read { try $0.entries(of: subject, list: list, page: page) }
    }

    public func topSubjects(_ ranking: SubjectRanking) throws -> [SubjectTally] {
        try read { try $0.topSubjects(ranking) }
    }
}
