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
}
