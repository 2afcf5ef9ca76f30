/// Who a request comes from.
public enum Principal: Sendable, Equatable {
    /// A service holding an API key.
    case service(APIKey)
    /// An app user, by a token minted for them.
    case user(String)

    /// The key rate limits count against.
    public var rateLimitKey: String {
        switch self {
        case .service(let key): "key:\(key.id)"
        case .user(let id): "user:\(id)"
        }
    }

    /// Requests a second this caller may make: a key's own limit, else `keyDefault` for keys and
    /// `userDefault` for users.
    public func rateLimit(keyDefault: Double, userDefault: Double) -> Double {
        switch self {
        case .service(let key): key.rateLimit.map(Double.init) ?? keyDefault
        case .user: userDefault
        }
    }

    public func allows(_ scope: Scope) -> Bool {
        if case .service(let key) = self { return key.allows(scope) }
        return false
    }
}
