/// Turns an `Authorization` header into a `Principal`: `Bearer ahk_…` for API keys,
/// `Bearer <JWT>` for user tokens.
public struct Authenticator: Sendable {
    public let keys: any KeyStore
    public let tokens: TokenSigner

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
        // Split on bytes: splitting the String by Characters was a fiftieth of a history GET.
        let parts = header.utf8.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: true)
        guard parts.count == 2, Self.isBearer(parts[0]) else { return .failure(.malformed) }
        let credential = String(Substring(parts[1]))
        if KeyIssuer.looksLikeKey(credential) {
            guard let key = try keys.key(hash: try KeyIssuer.hash(credential)) else {
                return .failure(.invalid(reason: "unknown key"))
            }
            guard key.revokedAt == nil else { return .failure(.invalid(reason: "revoked key")) }
            return .success(.service(key))
        }
        do {
            return .success(.user(try tokens.verify(credential)))
        } catch {
            return .failure(.invalid(reason: "token: \(error)"))
        }
    }

    /// The scheme, in any letter case.
    private static func isBearer(_ scheme: Substring.UTF8View) -> Bool {
        // Setting 0x20 lowercases an ASCII letter and makes no other byte one of these letters.
        scheme.count == 6 && zip(scheme, "bearer".utf8).allSatisfy { $0 | 0x20 == $1 }
    }
}
