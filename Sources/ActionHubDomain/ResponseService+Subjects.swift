/// Reads of any category's subjects, checked against what its routes declare.
extension ResponseService {
    public func subject(category: String, id: String, user: String?) throws -> SubjectSummary {
        let (route, ref) = try subjectRoute(category, id)
        let counts = try store.subjectCounts(ref)
        let state = try user.map { try store.subjectState(ref, userId: $0) }
        return SubjectSummary(
            category: category, subject: Subject(key: route.subject ?? "", id: id),
            sets: route.declaredSets.map {
                .init(
                    name: $0, count: counts.sets[$0] ?? 0, member: state.map { [name = $0] in $0.sets.contains(name) })
            },
            choices: route.declaredChoices.map { choice in
                .init(
                    name: choice,
                    counts: route.choiceValues(choice).map { ($0, counts.choices[choice]?[$0] ?? 0) },
                    value: state?.choices[choice])
            },
            lists: route.declaredLists.map { ($0, counts.lists[$0] ?? 0) }, userAsked: state != nil)
    }

    /// The set's size and one page of its members.
    public func members(category: String, id: String, set: String, page: PageRequest) throws -> (
        count: Int, page: Page<Membership>
    ) {
        let (route, ref) = try subjectRoute(category, id)
        try declared(set, in: route.declaredSets, kind: "set", category: category)
        return (try store.subjectCounts(ref).sets[set] ?? 0, try store.members(of: ref, set: set, page: page))
    }

    /// Every declared value's count and one page of the users' current values.
    public func answers(category: String, id: String, choice: String, page: PageRequest) throws -> (
        counts: [(value: String, count: Int)], page: Page<ChoiceAnswer>
    ) {
        let (route, ref) = try subjectRoute(category, id)
        try declared(choice, in: route.declaredChoices, kind: "choice", category: category)
        let counts = try store.subjectCounts(ref).choices[choice] ?? [:]
        return (
            route.choiceValues(choice).map { ($0, counts[$0] ?? 0) },
            try store.answers(of: ref, choice: choice, page: page)
        )
    }

    /// The list's length and one page of its entries.
    public func entries(category: String, id: String, list: String, page: PageRequest) throws -> (
        count: Int, page: Page<ListEntry>
    ) {
        let (route, ref) = try subjectRoute(category, id)
        try declared(list, in: route.declaredLists, kind: "list", category: category)
        return (try store.subjectCounts(ref).lists[list] ?? 0, try store.entries(of: ref, list: list, page: page))
    }

    private func subjectRoute(_ category: String, _ id: String) throws(SubjectLookupFailure) -> (
        CategoryRoute, SubjectRef
    ) {
        guard let route = routes.category(category) else {
            throw SubjectLookupFailure(
                "No category \"\(category)\"; known: \(routes.categories.map(\.identifier).joined(separator: ", ")).")
        }
        guard route.subject != nil else {
            throw SubjectLookupFailure("Category \"\(category)\" names no subject in its routes.")
        }
        return (route, SubjectRef(category: category, subject: id))
    }

    private func declared(_ name: String, in names: [String], kind: String, category: String)
        throws(SubjectLookupFailure)
    {
        guard names.contains(name) else {
            let known = names.isEmpty ? "it declares none" : "known: \(names.joined(separator: ", "))"
            throw SubjectLookupFailure("Category \"\(category)\" has no \(kind) \"\(name)\"; \(known).")
        }
    }
}
