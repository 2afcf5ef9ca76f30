import ActionHubDomain
import PostgreSQL

/// Subjects' counts, a user's state and the set, choice and list pages.
extension PostgreSQLReader {
    package func subjectCounts(_ subject: SubjectRef) throws -> SubjectCounts {
        let result = try connection.run(prepared: "subject_counts", [subject.category, subject.subject])
        var counts = SubjectCounts()
        for row in 0..<result.rowCount {
            let name = result.text(row: row, column: 1) ?? ""
            let count = Int(result.integer(row: row, column: 3) ?? 0)
            switch result.text(row: row, column: 0) {
            case "set": counts.sets[name] = count
            case "choice": counts.choices[name, default: [:]][result.text(row: row, column: 2) ?? ""] = count
            case "list": counts.lists[name] = count
            default: continue
            }
        }
        return counts
    }

    package func subjectState(_ subject: SubjectRef, userId: String) throws -> SubjectUserState {
        let result = try connection.run(prepared: "subject_user_state", [subject.category, subject.subject, userId])
        var state = SubjectUserState()
        for row in 0..<result.rowCount {
            let name = result.text(row: row, column: 1) ?? ""
            if result.text(row: row, column: 0) == "set" {
                state.sets.insert(name)
            } else {
                state.choices[name] = result.text(row: row, column: 2) ?? ""
            }
        }
        return state
    }

    package func members(of subject: SubjectRef, set: String, page: PageRequest) throws -> Page<Membership> {
        let result = try connection.run(prepared: "members_page", Self.window(subject, set, page))
        let rows = result.rows { row in
            (
                position: result.integer(row: row, column: 0) ?? 0,
                item: Membership(
                    subject: subject, set: set, userId: result.text(row: row, column: 1) ?? "",
                    responseId: result.text(row: row, column: 2) ?? "", at: result.text(row: row, column: 3) ?? "")
            )
        }
        return Page(rows: rows, limit: page.limit)
    }

    package func answers(of subject: SubjectRef, choice: String, page: PageRequest) throws -> Page<ChoiceAnswer> {
        let result = try connection.run(prepared: "answers_page", Self.window(subject, choice, page))
        let rows = result.rows { row in
            (
                position: result.integer(row: row, column: 0) ?? 0,
                item: ChoiceAnswer(
                    subject: subject, choice: choice, userId: result.text(row: row, column: 1) ?? "",
                    value: result.text(row: row, column: 2) ?? "", responseId: result.text(row: row, column: 3) ?? "",
                    at: result.text(row: row, column: 4) ?? "")
            )
        }
        return Page(rows: rows, limit: page.limit)
    }

    package func entries(of subject: SubjectRef, list: String, page: PageRequest) throws -> Page<ListEntry> {
        let result = try connection.run(prepared: "entries_page", Self.window(subject, list, page))
        let rows = result.rows { row in
            (
                position: result.integer(row: row, column: 0) ?? 0,
                item: ListEntry(
                    entryId: result.text(row: row, column: 1) ?? "", subject: subject, list: list,
                    userId: result.text(row: row, column: 2) ?? "", text: result.text(row: row, column: 3) ?? "",
                    responseId: result.text(row: row, column: 4) ?? "", at: result.text(row: row, column: 5) ?? "")
            )
        }
        return Page(rows: rows, limit: page.limit)
    }

    package func topSubjects(_ ranking: SubjectRanking) throws -> [SubjectTally] {
        let (statement, name, value): (String, String, String?) =
            switch ranking.measure {
            case .set(let name): ("top_members", name, nil)
            case .list(let name): ("top_entries", name, nil)
            case .choice(let name, let value): ("top_answers", name, value)
            }
        let result = try connection.run(
            prepared: statement,
            [ranking.category, name, value, ranking.from, ranking.to, String(ranking.limit)])
        return result.rows { row in
            SubjectTally(
                subject: result.text(row: row, column: 0) ?? "", count: Int(result.integer(row: row, column: 1) ?? 0))
        }
    }

    private static func window(_ subject: SubjectRef, _ name: String, _ page: PageRequest) -> [String?] {
        [
            subject.category, subject.subject, name, String(page.cursor?.position ?? Int64.max),
            String(page.limit + 1),
        ]
    }
}
