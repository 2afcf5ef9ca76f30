import ActionHubDomain
import SQLite

/// The writer's statements for subjects' sets, choices and lists, each count kept in the same
/// transaction as the row it counts. Used by `Writer` only, on its thread.
final class SQLiteSubjectWriter {
    private let connection: SQLiteConnection
    private let insertMember: SQLiteStatement
    private let deleteMember: SQLiteStatement
    private let findAnswer: SQLiteStatement
    private let deleteAnswer: SQLiteStatement
    private let insertAnswer: SQLiteStatement
    private let insertEntry: SQLiteStatement
    private let addCount: SQLiteStatement
    private let oneCount: SQLiteStatement
    private let choiceCounts: SQLiteStatement

    init(connection: SQLiteConnection) throws {
        self.connection = connection
        insertMember = try connection.prepare(
            """
            INSERT INTO subject_members (category, subject, set_name, user_id, response_id, at)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT DO NOTHING
            """)
        deleteMember = try connection.prepare(
            "DELETE FROM subject_members WHERE category = ?1 AND subject = ?2 AND set_name = ?3 AND user_id = ?4")
        findAnswer = try connection.prepare(
            """
            SELECT value FROM subject_answers
            WHERE category = ?1 AND subject = ?2 AND choice_name = ?3 AND user_id = ?4
            """)
        deleteAnswer = try connection.prepare(
            "DELETE FROM subject_answers WHERE category = ?1 AND subject = ?2 AND choice_name = ?3 AND user_id = ?4")
        insertAnswer = try connection.prepare(
            """
            INSERT INTO subject_answers (category, subject, choice_name, user_id, value, response_id, at)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
            """)
        insertEntry = try connection.prepare(
            """
            INSERT INTO subject_entries (entry_id, category, subject, list_name, user_id, text, response_id, at)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
            """)
        addCount = try connection.prepare(
            """
            INSERT INTO subject_counts (category, subject, kind, name, value, count) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
            ON CONFLICT DO UPDATE SET count = count + excluded.count
            """)
        oneCount = try connection.prepare(
            """
            SELECT count FROM subject_counts
            WHERE category = ?1 AND subject = ?2 AND kind = ?3 AND name = ?4 AND value = ?5
            """)
        choiceCounts = try connection.prepare(
            "SELECT value, count FROM subject_counts WHERE category = ?1 AND subject = ?2 AND kind = 'choice' AND name = ?3"
        )
    }

    func toggle(_ membership: Membership, remove: Bool) throws -> MembershipChange {
        let subject = membership.subject
        let key: [SQLiteValue] = [
            .text(subject.category), .text(subject.subject), .text(membership.set), .text(membership.userId),
        ]
        if remove {
            try deleteMember.run(key)
        } else {
            try insertMember.run(key + [.text(membership.responseId), .text(membership.at)])
        }
        let changed = connection.changes == 1
        if changed { try count(subject, .set, membership.set, by: remove ? -1 : 1) }
        let count = try oneCount.rows(Self.countKey(subject, .set, membership.set)) { $0.integer(at: 0) }.first ?? 0
        return MembershipChange(member: !remove, changed: changed, count: Int(count))
    }

    func choose(_ answer: ChoiceAnswer) throws -> ChoiceChange {
        let subject = answer.subject
        let key: [SQLiteValue] = [
            .text(subject.category), .text(subject.subject), .text(answer.choice), .text(answer.userId),
        ]
        let previous = try findAnswer.rows(key) { $0.text(at: 0) ?? "" }.first
        if previous != answer.value {
            if let previous {
                try deleteAnswer.run(key)
                try count(subject, .choice, answer.choice, value: previous, by: -1)
            }
            try insertAnswer.run(key + [.text(answer.value), .text(answer.responseId), .text(answer.at)])
            try count(subject, .choice, answer.choice, value: answer.value, by: 1)
        }
        var counts: [String: Int] = [:]
        for (value, count) in try choiceCounts.rows(
            [.text(subject.category), .text(subject.subject), .text(answer.choice)],
            { ($0.text(at: 0) ?? "", Int($0.integer(at: 1))) })
        {
            counts[value] = count
        }
        return ChoiceChange(previous: previous, counts: counts)
    }

    func append(_ entry: ListEntry) throws {
        try insertEntry.run([
            .text(entry.entryId), .text(entry.subject.category), .text(entry.subject.subject), .text(entry.list),
            .text(entry.userId), .text(entry.text), .text(entry.responseId), .text(entry.at),
        ])
        try count(entry.subject, .list, entry.list, by: 1)
    }

    private func count(
        _ subject: SubjectRef, _ kind: SubjectCountKind, _ name: String, value: String = "", by delta: Int64
    )
        throws
    {
        try addCount.run(Self.countKey(subject, kind, name, value: value) + [.integer(delta)])
    }

    private static func countKey(_ subject: SubjectRef, _ kind: SubjectCountKind, _ name: String, value: String = "")
        -> [SQLiteValue]
    {
        [.text(subject.category), .text(subject.subject), .text(kind.rawValue), .text(name), .text(value)]
    }
}
