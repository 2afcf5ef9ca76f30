import Basics
import Crypto
import Foundation
import JSON

/// Per-user tokens: HS256 JWTs (RFC 7519) whose `sub` is the user, with `iat` and `exp`.
public struct TokenSigner: Sendable {
    private let secret: [UInt8]

    /// At least 32 bytes, as RFC 7518 §3.2 asks of an HS256 key.
    public init(secret: [UInt8]) throws(TokenError) {
        guard secret.count >= 32 else { throw .weakSecret }
        self.secret = secret
    }

    public func mint(user: String, ttl: Duration, now: Date = Date()) throws -> String {
        let issued = Int(now.timeIntervalSince1970)
        let header = #"{"alg":"HS256","typ":"JWT"}"#
        let claims: JSONValue = .object([
            "sub": .string(user), "iat": JSONValue(issued), "exp": JSONValue(issued + Int(ttl.components.seconds)),
        ])
        let signingInput =
            Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(Array(claims.serialized().utf8))
        let signature = try Digest.hmacSHA256(key: secret, message: Array(signingInput.utf8))
        return signingInput + "." + Base64URL.encode(signature)
    }

    /// The token's user, when the signature is ours (compared in constant time), the algorithm is
    /// HS256 and it has not expired.
    public func verify(_ token: String, now: Date = Date()) throws(TokenError) -> String {
        try verifiedClaims(token, now: now).user
    }

    /// As `verify`, with when the token was issued (Unix seconds), for revocation.
    public func verifiedClaims(_ token: String, now: Date = Date()) throws(TokenError) -> (
        user: String, issuedAt: Int64
    ) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerBytes = Base64URL.decode(parts[0]),
            let claimBytes = Base64URL.decode(parts[1]), let signature = Base64URL.decode(parts[2])
        else { throw .malformed }
        guard let header = try? JSONParser().parse(headerBytes), header["alg"] == .string("HS256") else {
            throw .unsupportedAlgorithm
        }
        let expected: [UInt8]
        do {
            expected = try Digest.hmacSHA256(key: secret, message: Array("\(parts[0]).\(parts[1])".utf8))
        } catch {
            throw .malformed
        }
        guard Digest.constantTimeEqual(signature, expected) else { throw .badSignature }
        guard let claims = try? JSONParser().parse(claimBytes), let subject = claims["sub"]?.stringValue,
            !subject.isEmpty, let expiry = claims["exp"]?.intValue, let issued = claims["iat"]?.intValue
        else { throw .malformed }
        guard Double(expiry) > now.timeIntervalSince1970 else { throw .expired }
        return (subject, Int64(issued))
    }
}

public enum TokenError: Error, Sendable, Equatable {
    case malformed
    case unsupportedAlgorithm
    case badSignature
    case expired
    case weakSecret
}
