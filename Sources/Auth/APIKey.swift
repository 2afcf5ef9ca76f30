/// A service API key as stored: everything but the secret, of which only a SHA-256 is kept.
public struct APIKey: Sendable, Equatable {
    /// Public part of the key (`ahk_<id>_…`), used to list and revoke it.
    public var id: String
    public var name: String
    public var scopes: Set<Scope>
    public var createdAt: String
    public var revokedAt: String?
    /// Requests a second this key may make on average (`keys create --rate-limit`); nil: the
    /// service's default for keys (`serve --key-rate-limit`).
    public var rateLimit: Int?

    public init(
        id: String, name: String, scopes: Set<Scope>, createdAt: String, revokedAt: String? = nil,
        rateLimit: Int? = nil
    ) {
        self.id = id
        self.name = name
        self.scopes = scopes
        self.createdAt = createdAt
        self.revokedAt = revokedAt
        self.rateLimit = rateLimit
    }

    public func allows(_ scope: Scope) -> Bool {
        revokedAt == nil && (scopes.contains(scope) || scopes.contains(.admin))
    }
}
