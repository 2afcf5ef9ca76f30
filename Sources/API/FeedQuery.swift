import ActionHubDomain
import HTTP

/// The query of `GET /v1/events`, as 422 problems when wrong.
struct FeedQuery: Sendable {
    /// What the API documents as the longest `wait`; the server may hold pages for less
    /// (`serve --feed-max-wait`).
    static let longestWait = 30

    var after: FeedCursor
    var filter: ResponseFilter
    var limit: Int
    var wait: Duration
    /// `latest=true`: the newest `limit` events instead of those after a cursor.
    var latest: Bool

    init(_ request: HTTPRequest, routes: RouteTable, maximumWait: Duration) throws {
        var errors: [FieldError] = []
        after = .start
        if let token = PageQuery.single("after", in: request, errors: &errors), !token.isEmpty {
            if let cursor = FeedCursor(token: token) {
                after = cursor
            } else {
                errors.append(FieldError(field: "after", message: "is not a cursor this API gave out"))
            }
        }
        limit = PageQuery.limit(from: request, errors: &errors)
        wait = .zero
        if let text = PageQuery.single("wait", in: request, errors: &errors) {
            if let seconds = Int(text), (0...Self.longestWait).contains(seconds) {
                wait = min(.seconds(seconds), maximumWait)
            } else {
                errors.append(
                    FieldError(
                        field: "wait", message: "must be a whole number of seconds from 0 to \(Self.longestWait)"))
            }
        }
        latest = false
        if let text = PageQuery.single("latest", in: request, errors: &errors) {
            switch text {
            case "true": latest = true
            case "false": latest = false
            default: errors.append(FieldError(field: "latest", message: "must be true or false"))
            }
            if latest && !request.queryValues("after").isEmpty {
                errors.append(FieldError(field: "latest", message: "cannot be given with after"))
            }
            if latest && wait > .zero {
                errors.append(FieldError(field: "latest", message: "cannot be given with wait"))
            }
        }
        let filter = try PageQuery.filter(from: request, routes: routes)
        self.filter = filter
        guard errors.isEmpty else { throw ValidationFailure(errors) }
    }
}
