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

    static func filter(from request: HTTPRequest) throws -> ResponseFilter {
        var errors: [FieldError] = []
        let category = single("category", in: request, errors: &errors)
        let action = single("action", in: request, errors: &errors)
        guard errors.isEmpty else { throw ValidationFailure(errors) }
        return ResponseFilter(
            category: category.flatMap { $0.isEmpty ? nil : $0 }, action: action.flatMap { $0.isEmpty ? nil : $0 })
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
