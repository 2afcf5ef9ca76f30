import ActionHubDomain

/// Subjects' sets, choices and lists, read from the state as the durable stores read their tables.
extension InMemoryResponseStore {
    public func subjectCounts(_ subject: SubjectRef) throws -> SubjectCounts {
        state.withLock { state in
            var counts = SubjectCounts()
            for (_, member) in state.members where member.subject == subject {
                counts.sets[member.set, default: 0] += 1
            }
            for (_, answer) in state.answers where answer.subject == subject {
                counts.choices[answer.choice, default: [:]][answer.value, default: 0] += 1
            }
            for (_, entry) in state.entries where entry.subject == subject { counts.lists[entry.list, default: 0] += 1 }
            return counts
        }
    }

    public func subjectState(_ subject: SubjectRef, userId: String) throws -> SubjectUserState {
        state.withLock { state in
            var user = SubjectUserState()
            for (_, member) in state.members where member.subject == subject && member.userId == userId {
                user.sets.insert(member.set)
            }
            for (_, answer) in state.answers where answer.subject == subject && answer.userId == userId {
                user.choices[answer.choice] = answer.value
            }
            return user
        }
    }

    public func members(of subject: SubjectRef, set: String, page: PageRequest) throws -> Page<Membership> {
        let rows = state.withLock { $0.members.filter { $0.1.subject == subject && $0.1.set == set } }
        return Page(rows: Self.newestFirst(rows, page: page), limit: page.limit)
    }

    public func answers(of subject: SubjectRef, choice: String, page: PageRequest) throws -> Page<ChoiceAnswer> {
        let rows = state.withLock { $0.answers.filter { $0.1.subject == subject && $0.1.choice == choice } }
        return Page(rows: Self.newestFirst(rows, page: page), limit: page.limit)
    }

    public func entries(of subject: SubjectRef, list: String, page: PageRequest) throws -> Page<ListEntry> {
        let rows = state.withLock { $0.entries.filter { $0.1.subject == subject && $0.1.list == list } }
        return Page(rows: Self.newestFirst(rows, page: page), limit: page.limit)
    }

    public func topSubjects(_ ranking: SubjectRanking) throws -> [SubjectTally] {
        let moments: [(subject: String, at: String)] = state.withLock { state in
            switch ranking.measure {
            case .set(let name):
                state.members.filter { $0.membership.subject.category == ranking.category && $0.membership.set == name }
                    .map { ($0.membership.subject.subject, $0.membership.at) }
            case .list(let name):
                state.entries.filter { $0.entry.subject.category == ranking.category && $0.entry.list == name }
                    .map { ($0.entry.subject.subject, $0.entry.at) }
            case .choice(let name, let value):
                state.answers.filter {
                    $0.answer.subject.category == ranking.category && $0.answer.choice == name
                        && $0.answer.value == value
                }
                .map { ($0.answer.subject.subject, $0.answer.at) }
            }
        }
        var counts: [String: Int] = [:]
        for (subject, at) in moments where at >= ranking.from && at < ranking.to { counts[subject, default: 0] += 1 }
        return counts.map { SubjectTally(subject: $0.key, count: $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.subject < $1.subject }
            .prefix(ranking.limit).map { $0 }
    }
}
