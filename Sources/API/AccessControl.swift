import Auth

/// Who may call what: the credentials the API accepts and how often each may call.
public struct AccessControl: Sendable {
    public let authenticator: Authenticator
    /// nil: no rate limit.
    public let rateLimiter: RateLimiter?

    public init(authenticator: Authenticator, rateLimiter: RateLimiter? = nil) {
        self.authenticator = authenticator
        self.rateLimiter = rateLimiter
    }

    /// What an endpoint asks of a caller before it runs; user-specific checks (whose history,
    /// whose response) happen in the endpoint, which knows the user.
    enum Requirement {
        case none
        /// Any valid key or user token.
        case anyone
        /// A key with this scope, or a user token.
        case scopeOrUser(Scope)
        /// A key with this scope.
        case scope(Scope)
    }

    static func requirement(for endpoint: Endpoint) -> Requirement {
        switch endpoint {
        case .health, .readiness, .openAPI: .none
        case .categories: .anyone
        case .submitResponse: .scopeOrUser(.responsesWrite)
        case .response, .postLikes, .postReplies, .userResponses: .scopeOrUser(.historyRead)
        case .metrics, .issueToken: .scope(.admin)
        }
    }
}
