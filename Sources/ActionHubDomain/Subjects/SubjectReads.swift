/// Reads of the state declarative handlers keep for any subject. Listings are newest first, in
/// keyset pages as the post listings.
public protocol SubjectReads: Sendable {
    func subjectCounts(_ subject: SubjectRef) throws -> SubjectCounts
    func subjectState(_ subject: SubjectRef, userId: String) throws -> SubjectUserState
    /// The set's members, the latest to join first.
    func members(of subject: SubjectRef, set: String, page: PageRequest) throws -> Page<Membership>
    /// Each user's current value, the latest to answer (or change their answer) first.
    func answers(of subject: SubjectRef, choice: String, page: PageRequest) throws -> Page<ChoiceAnswer>
    func entries(of subject: SubjectRef, list: String, page: PageRequest) throws -> Page<ListEntry>
    /// The subjects with the highest counts within the ranking's window, most first, ties by id.
    func topSubjects(_ ranking: SubjectRanking) throws -> [SubjectTally]
}
