import ActionHubDomain
import HTTP

/// Reads `limit`, `cursor` and the filters of history queries, as 422 problems when wrong.
enum PageQuery {
    static func page(from request: HTTPRequest) throws -> PageRequest {
        var errors: [FieldError] = []
        var page = PageRequest()
        page.limit = limit(from: request, errors: &errors)
        if let token = single("cursor", in: request, errors: &errors), !token.isEmpty {
            if let cursor = PageCursor(token: token) {
                page.cursor = cursor
            } else {
                errors.append(FieldError(field: "cursor", message: "is not a cursor this API gave out"))
            }
        }
        guard errors.isEmpty else { throw ValidationFailure(errors) }
        return page
    }

    /// `limit`, 1 to `PageRequest.maximumLimit`, the default when absent: for listings and the feed.
    static func limit(from request: HTTPRequest, errors: inout [FieldError]) -> Int {
        guard let text = single("limit", in: request, errors: &errors) else { return PageRequest.defaultLimit }
        guard let value = Int(text), (1...PageRequest.maximumLimit).contains(value) else {
            errors.append(
                FieldError(field: "limit", message: "must be an integer from 1 to \(PageRequest.maximumLimit)"))
            return PageRequest.defaultLimit
        }
        return value
    }

    /// `category` and `action`, each at most once and, when given, one the routes declare (an
    /// empty value included: it is not "any").
    static func filter(from request: HTTPRequest, routes: RouteTable) throws -> ResponseFilter {
        var errors: [FieldError] = []
        let category = single("category", in: request, errors: &errors)
        let action = single("action", in: request, errors: &errors)
        let declared = category.flatMap(routes.category)
        if category != nil, declared == nil {
            let known = routes.categories.map(\.identifier).joined(separator: ", ")
            errors.append(FieldError(field: "category", message: "must be one of the routes' categories: \(known)"))
        }
        if let action {
            let actions = declared.map { [$0] } ?? routes.categories
            if !actions.contains(where: { $0.action(action) != nil }) {
                let known = Set(actions.flatMap { $0.actions.map(\.identifier) }).sorted().joined(separator: ", ")
                let of = declared.map { "\($0.identifier)'s actions" } ?? "the routes' actions"
                errors.append(FieldError(field: "action", message: "must be one of \(of): \(known)"))
            }
        }
        guard errors.isEmpty else { throw ValidationFailure(errors) }
        return ResponseFilter(category: category, action: action)
    }

    static func single(_ name: String, in request: HTTPRequest, errors: inout [FieldError]) -> String? {
        let values = request.queryValues(name)
        if values.count > 1 {
            errors.append(FieldError(field: name, message: "must be given at most once"))
            return nil
        }
        return values.first
    }
}
