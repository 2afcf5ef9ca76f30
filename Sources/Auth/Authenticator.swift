/// Turns an `Authorization` header into a `Principal`: `Bearer ahk_…` for API keys,
/// `Bearer <JWT>` for user tokens.
public struct Authenticator: Sendable {
    public let keys: any KeyStore
    public let tokens: TokenSigner
    private let keyHashes = KeyHashMemo()

    public init(keys: any KeyStore, tokens: TokenSigner) {
        self.keys = keys
        self.tokens = tokens
    }

    public enum Failure: Error, Sendable, Equatable {
        case missing
        case malformed
        /// Unknown or revoked key, or a token that does not verify: told apart only in logs.
        case invalid(reason: String)
    }

    public func authenticate(_ header: String?) throws -> Result<Principal, Failure> {
        guard let header else { return .failure(.missing) }
        // Scanned as bytes, with no array of parts: `<spaces>scheme<spaces>credential<spaces>`.
        let utf8 = header.utf8
        let space = UInt8(ascii: " ")
        guard let schemeStart = utf8.firstIndex(where: { $0 != space }),
            let schemeEnd = utf8[schemeStart...].firstIndex(of: space),
            let credentialStart = utf8[schemeEnd...].firstIndex(where: { $0 != space })
        else { return .failure(.malformed) }
        let credentialEnd = utf8[credentialStart...].firstIndex(of: space) ?? utf8.endIndex
        guard utf8[credentialEnd...].allSatisfy({ $0 == space }), Self.isBearer(utf8[schemeStart..<schemeEnd]) else {
            return .failure(.malformed)
        }
        let credential = String(Substring(utf8[credentialStart..<credentialEnd]))
        if KeyIssuer.looksLikeKey(credential) {
            let remembered = keyHashes.hash(of: credential)
            let hash = try remembered ?? KeyIssuer.hash(credential)
            guard let key = try keys.key(hash: hash) else {
                return .failure(.invalid(reason: "unknown key"))
            }
            if remembered == nil { keyHashes.remember(hash, of: credential) }
            guard key.revokedAt == nil else { return .failure(.invalid(reason: "revoked key")) }
            return .success(.service(key))
        }
        let claims: (user: String, issuedAt: Int64)
        do {
            claims = try tokens.verifiedClaims(credential)
        } catch {
            return .failure(.invalid(reason: "token: \(error)"))
        }
        if let revoked = try keys.tokensRevoked(user: claims.user), claims.issuedAt < revoked {
            return .failure(.invalid(reason: "token: revoked"))
        }
        return .success(.user(claims.user))
    }

    /// The scheme, in any letter case.
    private static func isBearer(_ scheme: Substring.UTF8View) -> Bool {
        // Setting 0x20 lowercases an ASCII letter and makes no other byte one of these letters.
        scheme.count == 6 && zip(scheme, "bearer".utf8).allSatisfy { $0 | 0x20 == $1 }
    }
}
