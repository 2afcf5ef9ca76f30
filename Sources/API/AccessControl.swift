import Auth

/// Who may call what: the credentials the API accepts and how often each may call.
public struct AccessControl: Sendable {
    public let authenticator: Authenticator
    /// nil: no rate limit at all. Its rate and burst are each user's.
    public let rateLimiter: RateLimiter?
    /// Requests a second a service key may make unless it has its own limit: a backend forwards
    /// for all its users, so its key needs far more than one user's token. Bursts of twice that.
    public let keyRate: Double

    public init(authenticator: Authenticator, rateLimiter: RateLimiter? = nil, keyRate: Double = 2000) {
        self.authenticator = authenticator
        self.rateLimiter = rateLimiter
        self.keyRate = keyRate
    }

    /// nil when `principal` may go ahead now; otherwise the seconds until it may.
    func delay(for principal: Principal) -> Int? {
        guard let rateLimiter else { return nil }
        if case .user = principal { return rateLimiter.delay(for: principal.rateLimitKey) }
        let rate = principal.rateLimit(keyDefault: keyRate, userDefault: rateLimiter.rate)
        return rateLimiter.delay(for: principal.rateLimitKey, rate: rate, burst: 2 * rate)
    }
}
