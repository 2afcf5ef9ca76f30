/// Every operation of the HTTP API.
enum Endpoint: Sendable {
    case submitResponse
    case response
    case postLikes
    case postReplies
    case userResponses
    case categories
    case health
}
