import ActionHubDomain
import PostgreSQL

/// Subjects' effects: each change and the count it moves in one statement, one round trip, on the
/// batch's connection (`PostgreSQLSubjectsSQL.writerStatements`).
extension PostgreSQLWriter {
    func toggle(_ membership: Membership, remove: Bool) throws -> MembershipChange {
        let subject = membership.subject
        let key = [subject.category, subject.subject, membership.set, membership.userId]
        let result =
            try remove
            ? effectsConnection().run(prepared: "toggle_remove", key)
            : effectsConnection().run(prepared: "toggle_add", key + [membership.responseId, membership.at])
        let changed = result.integer(row: 0, column: 0) == 1
        return MembershipChange(
            member: !remove, changed: changed, count: Int(result.integer(row: 0, column: 1) ?? 0))
    }

    func choose(_ answer: ChoiceAnswer) throws -> ChoiceChange {
        let subject = answer.subject
        let result = try effectsConnection().run(
            prepared: "choose",
            [
                subject.category, subject.subject, answer.choice, answer.userId, answer.value, answer.responseId,
                answer.at,
            ])
        var counts: [String: Int] = [:]
        for row in 0..<result.rowCount {
            guard let value = result.text(row: row, column: 2) else { continue }
            counts[value] = Int(result.integer(row: row, column: 3) ?? 0)
        }
        // The counts are as before the statement; an unchanged answer changed none of them.
        guard result.integer(row: 0, column: 0) == 1 else {
            return ChoiceChange(previous: answer.value, counts: counts)
        }
        let previous = result.text(row: 0, column: 1)
        if let previous { counts[previous, default: 1] -= 1 }
        counts[answer.value, default: 0] += 1
        return ChoiceChange(previous: previous, counts: counts)
    }

    func append(_ entry: ListEntry) throws {
        try effectsConnection().run(
            prepared: "append_entry",
            [
                entry.entryId, entry.subject.category, entry.subject.subject, entry.list, entry.userId, entry.text,
                entry.responseId, entry.at,
            ])
    }
}
