/// Where API keys (by the SHA-256 of the whole key) and the token signing secret are kept.
public protocol KeyStore: Sendable {
    func insert(_ key: APIKey, hash: String) throws
    /// The key whose hash this is, revoked or not.
    func key(hash: String) throws -> APIKey?
    func keys() throws -> [APIKey]
    /// False when no key has this id.
    func revoke(id: String, at time: String) throws -> Bool
    /// Stores the first key of a deployment: only when the store holds no key and never had a
    /// first one, once however many instances try at the same moment. True when it was stored.
    func insertFirst(_ key: APIKey, hash: String) throws -> Bool
    /// Refuses the user's tokens issued before `issuedBefore` (Unix seconds); a later revocation
    /// moves the moment on, an earlier one changes nothing.
    func revokeTokens(user: String, issuedBefore: Int64) throws
    /// The moment before which the user's tokens are refused; nil when they never were revoked.
    func tokensRevoked(user: String) throws -> Int64?
    /// The token signing secret an earlier version kept in this database, while it is there.
    func legacySigningSecret() throws -> [UInt8]?
    /// Removes that secret from the database, once it was moved out.
    func removeLegacySigningSecret() throws
    /// The ids (`TokenSigner.keyId`) of the token signing secrets this database was last served
    /// with, comma-separated; nil before the first start that recorded them.
    func signingSecretIds() throws -> String?
    func recordSigningSecretIds(_ ids: String) throws
}
