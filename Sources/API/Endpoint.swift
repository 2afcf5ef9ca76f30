/// Every operation of the HTTP API.
enum Endpoint: String, Sendable {
    case submitResponse
    case response
    case postLikes
    case postReplies
    case userResponses
    case categories
    case health
    case readiness
    case metrics
    case issueToken
    case openAPI

    var name: String { rawValue }
}
