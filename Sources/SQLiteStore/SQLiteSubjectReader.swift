import ActionHubDomain
import SQLite

/// A read connection's queries of subjects' sets, choices and lists. Used by `Reader` only.
final class SQLiteSubjectReader {
    private let counts: SQLiteStatement
    private let userSets: SQLiteStatement
    private let userChoices: SQLiteStatement
    private let membersPage: SQLiteStatement
    private let answersPage: SQLiteStatement
    private let entriesPage: SQLiteStatement
    private let topMembers: SQLiteStatement
    private let topEntries: SQLiteStatement
    private let topAnswers: SQLiteStatement

    init(connection: SQLiteConnection) throws {
        counts = try connection.prepare(
            "SELECT kind, name, value, count FROM subject_counts WHERE category = ?1 AND subject = ?2")
        userSets = try connection.prepare(
            "SELECT set_name FROM subject_members WHERE category = ?1 AND subject = ?2 AND user_id = ?3")
        userChoices = try connection.prepare(
            "SELECT choice_name, value FROM subject_answers WHERE category = ?1 AND subject = ?2 AND user_id = ?3")
        membersPage = try connection.prepare(
            """
            SELECT position, user_id, response_id, at FROM subject_members
            WHERE category = ?1 AND subject = ?2 AND set_name = ?3 AND position < ?4 ORDER BY position DESC LIMIT ?5
            """)
        answersPage = try connection.prepare(
            """
            SELECT position, user_id, value, response_id, at FROM subject_answers
            WHERE category = ?1 AND subject = ?2 AND choice_name = ?3 AND position < ?4 ORDER BY position DESC LIMIT ?5
            """)
        entriesPage = try connection.prepare(
            """
            SELECT position, entry_id, user_id, text, response_id, at FROM subject_entries
            WHERE category = ?1 AND subject = ?2 AND list_name = ?3 AND position < ?4 ORDER BY position DESC LIMIT ?5
            """)
        // ?1 category, ?2 set, list or choice, ?3 the choice's value (NULL otherwise), ?4 from,
        // ?5 to, ?6 rows: each reads its `_by_time` index over the window only.
        topMembers = try connection.prepare(
            """
            SELECT subject, count(*) AS n FROM subject_members
            WHERE category = ?1 AND set_name = ?2 AND at >= ?4 AND at < ?5 AND ?3 IS NULL
            GROUP BY subject ORDER BY n DESC, subject LIMIT ?6
            """)
        topEntries = try connection.prepare(
            """
            SELECT subject, count(*) AS n FROM subject_entries
            WHERE category = ?1 AND list_name = ?2 AND at >= ?4 AND at < ?5 AND ?3 IS NULL
            GROUP BY subject ORDER BY n DESC, subject LIMIT ?6
            """)
        topAnswers = try connection.prepare(
            """
            SELECT subject, count(*) AS n FROM subject_answers
            WHERE category = ?1 AND choice_name = ?2 AND value = ?3 AND at >= ?4 AND at < ?5
            GROUP BY subject ORDER BY n DESC, subject LIMIT ?6
            """)
    }

    func topSubjects(_ ranking: SubjectRanking) throws -> [SubjectTally] {
        let (statement, name, value): (SQLiteStatement, String, String?) =
            switch ranking.measure {
            case .set(let name): (topMembers, name, nil)
            case .list(let name): (topEntries, name, nil)
            case .choice(let name, let value): (topAnswers, name, value)
            }
        return try statement.rows([
            .text(ranking.category), .text(name), SQLiteValue(value), .text(ranking.from), .text(ranking.to),
            .integer(Int64(ranking.limit)),
        ]) { SubjectTally(subject: $0.text(at: 0) ?? "", count: Int($0.integer(at: 1))) }
    }

    func subjectCounts(_ subject: SubjectRef) throws -> SubjectCounts {
        var result = SubjectCounts()
        let rows = try counts.rows([.text(subject.category), .text(subject.subject)]) {
            ($0.text(at: 0) ?? "", $0.text(at: 1) ?? "", $0.text(at: 2) ?? "", Int($0.integer(at: 3)))
        }
        for (kind, name, value, count) in rows {
            switch SubjectCountKind(rawValue: kind) {
            case .set: result.sets[name] = count
            case .choice: result.choices[name, default: [:]][value] = count
            case .list: result.lists[name] = count
            case nil: continue
            }
        }
        return result
    }

    func subjectState(_ subject: SubjectRef, userId: String) throws -> SubjectUserState {
        let key: [SQLiteValue] = [.text(subject.category), .text(subject.subject), .text(userId)]
        var state = SubjectUserState()
        state.sets = Set(try userSets.rows(key) { $0.text(at: 0) ?? "" })
        for (choice, value) in try userChoices.rows(key, { ($0.text(at: 0) ?? "", $0.text(at: 1) ?? "") }) {
            state.choices[choice] = value
        }
        return state
    }

    func members(of subject: SubjectRef, set: String, page: PageRequest) throws -> Page<Membership> {
        let rows = try membersPage.rows(Self.window(subject, set, page)) { row in
            (
                position: row.integer(at: 0),
                item: Membership(
                    subject: subject, set: set, userId: row.text(at: 1) ?? "", responseId: row.text(at: 2) ?? "",
                    at: row.text(at: 3) ?? "")
            )
        }
        return Page(rows: rows, limit: page.limit)
    }

    func answers(of subject: SubjectRef, choice: String, page: PageRequest) throws -> Page<ChoiceAnswer> {
        let rows = try answersPage.rows(Self.window(subject, choice, page)) { row in
            (
                position: row.integer(at: 0),
                item: ChoiceAnswer(
                    subject: subject, choice: choice, userId: row.text(at: 1) ?? "", value: row.text(at: 2) ?? "",
                    responseId: row.text(at: 3) ?? "", at: row.text(at: 4) ?? "")
            )
        }
        return Page(rows: rows, limit: page.limit)
    }

    func entries(of subject: SubjectRef, list: String, page: PageRequest) throws -> Page<ListEntry> {
        let rows = try entriesPage.rows(Self.window(subject, list, page)) { row in
            (
                position: row.integer(at: 0),
                item: ListEntry(
                    entryId: row.text(at: 1) ?? "", subject: subject, list: list, userId: row.text(at: 2) ?? "",
                    text: row.text(at: 3) ?? "", responseId: row.text(at: 4) ?? "", at: row.text(at: 5) ?? "")
            )
        }
        return Page(rows: rows, limit: page.limit)
    }

    /// `?1` category, `?2` subject, `?3` the set, choice or list, `?4` below this position, `?5` one
    /// row more than the page holds.
    private static func window(_ subject: SubjectRef, _ name: String, _ page: PageRequest) -> [SQLiteValue] {
        [
            .text(subject.category), .text(subject.subject), .text(name),
            .integer(page.cursor?.position ?? Int64.max), .integer(Int64(page.limit + 1)),
        ]
    }
}
