import ActionHubDomain
import Auth
import HTTP

/// Any category's subjects: their counts, a user's state, and the pages of a set, choice or list.
extension ActionHubAPI {
    private static let subjectPath = "/v1/categories/{category}/subjects/{subjectId}"

    static let subjectRoutes: [APIRoute] = [
        APIRoute("GET", subjectPath, .scopeOrUser(.historyRead)) { api, request in
            try api.subject(request)
        },
        APIRoute("GET", subjectPath + "/sets/{set}", .scopeOrUser(.historyRead)) { api, request in
            let (count, page) = try api.service.members(
                category: request.parameter("category"), id: request.parameter("subjectId"),
                set: request.parameter("set"), page: try PageQuery.page(from: request.http))
            return .now(.json(SubjectJSON.members(count: count, page: page)))
        },
        APIRoute("GET", subjectPath + "/choices/{choice}", .scopeOrUser(.historyRead)) { api, request in
            let (counts, page) = try api.service.answers(
                category: request.parameter("category"), id: request.parameter("subjectId"),
                choice: request.parameter("choice"), page: try PageQuery.page(from: request.http))
            return .now(.json(SubjectJSON.answers(counts: counts, page: page)))
        },
        APIRoute("GET", subjectPath + "/lists/{list}", .scopeOrUser(.historyRead)) { api, request in
            let (count, page) = try api.service.entries(
                category: request.parameter("category"), id: request.parameter("subjectId"),
                list: request.parameter("list"), page: try PageQuery.page(from: request.http))
            return .now(.json(SubjectJSON.entries(count: count, page: page)))
        },
    ]

    /// `?user=U` adds that user's state; a user token may ask only for its own.
    func subject(_ request: APIRequest) throws -> HTTPAnswer {
        var errors: [FieldError] = []
        let user = PageQuery.single("user", in: request.http, errors: &errors)
        if let user, !ResponseValidator.isIdentifier(user) {
            errors.append(
                FieldError(field: "user", message: "must be a user id (1 to 256 bytes, no control characters)"))
        }
        guard errors.isEmpty else { throw ValidationFailure(errors) }
        if case .user(let own) = request.principal, let user, user != own {
            throw Problem.forbidden("A user token reads only its own user's state.")
        }
        let summary = try service.subject(
            category: request.parameter("category"), id: request.parameter("subjectId"), user: user)
        return .now(.json(SubjectJSON.summary(summary)))
    }
}
