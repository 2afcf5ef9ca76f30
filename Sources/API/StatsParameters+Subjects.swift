import ActionHubDomain
import Basics
import HTTP

extension StatsParameters {
    /// `GET /v1/stats/subjects?category=&by=set:NAME|list:NAME|choice:NAME:VALUE&from=&to=&limit=`:
    /// `by` must name what the category's routes declare; the window defaults as `/v1/stats`'s.
    static func subjectRanking(from request: HTTPRequest, routes: RouteTable, now: Int64) throws -> SubjectRanking {
        var errors: [FieldError] = []
        let category = self.category(from: request, routes: routes, errors: &errors).flatMap(routes.category)
        var measure: SubjectRanking.Measure?
        if let text = PageQuery.single("by", in: request, errors: &errors) {
            if let category { measure = self.measure(text, in: category, errors: &errors) }
        } else if request.queryValues("by").isEmpty {
            errors.append(FieldError(field: "by", message: "is required: set:NAME, list:NAME or choice:NAME:VALUE"))
        }
        // `to` is exclusive: by default it is just past now, so an event of this millisecond counts.
        let to = moment("to", from: request, errors: &errors) ?? (now + 1)
        let from = moment("from", from: request, errors: &errors) ?? (to - defaultWindow)
        let limit = PageQuery.limit(from: request, errors: &errors)
        if category?.subject == nil, let category {
            errors.append(FieldError(field: "category", message: "\"\(category.identifier)\" names no subject"))
        }
        guard errors.isEmpty, let category, let measure else { throw ValidationFailure(errors) }
        guard from < to else { throw ValidationFailure([FieldError(field: "from", message: "must be before to")]) }
        return SubjectRanking(
            category: category.identifier, measure: measure, from: Timestamp.format(milliseconds: from),
            to: Timestamp.format(milliseconds: to), limit: limit)
    }

    private static func measure(_ text: String, in category: CategoryRoute, errors: inout [FieldError])
        -> SubjectRanking.Measure?
    {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let declared =
            category.declaredSets.map { "set:\($0)" } + category.declaredLists.map { "list:\($0)" }
            + category.declaredChoices.flatMap { choice in
                category.choiceValues(choice).map { "choice:\(choice):\($0)" }
            }
        let measure: SubjectRanking.Measure? =
            switch (parts.first, parts.count) {
            case ("set", 2): .set(parts[1])
            case ("list", 2): .list(parts[1])
            case ("choice", 3): .choice(parts[1], value: parts[2])
            default: nil
            }
        guard let measure, declared.contains(measure.text) else {
            let known =
                declared.isEmpty ? "the category declares no set, list or choice" : declared.joined(separator: ", ")
            errors.append(FieldError(field: "by", message: "must be one of the category's: \(known)"))
            return nil
        }
        return measure
    }
}
