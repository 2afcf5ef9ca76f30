import Basics
import Crypto
import Foundation
import JSON

/// Per-user tokens: HS256 JWTs (RFC 7519) whose `sub` is the user, with `iat` and `exp`, and in
/// the header the `kid` of the secret that signed them, so that a deployment rotating its secret
/// accepts tokens of the previous one until they expire.
public struct TokenSigner: Sendable {
    private struct Key: Sendable {
        var secret: [UInt8]
        /// The first 8 bytes of the secret's SHA-256, hex: names it without giving it away.
        var id: String
    }

    private let current: Key
    private let previous: Key?

    /// At least 32 bytes each, as RFC 7518 §3.2 asks of an HS256 key. New tokens are signed with
    /// `secret`; tokens signed with `previous` still verify.
    public init(secret: [UInt8], previous: [UInt8]? = nil) throws(TokenError) {
        current = try Self.key(secret)
        self.previous = try previous.map { secret throws(TokenError) in try Self.key(secret) }
    }

    private static func key(_ secret: [UInt8]) throws(TokenError) -> Key {
        guard secret.count >= 32 else { throw .weakSecret }
        guard let digest = try? Digest.sha256(secret) else { throw .cryptoFailure }
        return Key(secret: secret, id: Hex.encode(Array(digest.prefix(8))))
    }

    /// The `kid` new tokens carry.
    public var keyId: String { current.id }
    /// The `kid` of the secret being rotated out, when there is one.
    public var previousKeyId: String? { previous?.id }

    public func mint(user: String, ttl: Duration, now: Date = Date()) throws -> String {
        let issued = Int(now.timeIntervalSince1970)
        let header = #"{"alg":"HS256","typ":"JWT","kid":""# + current.id + #""}"#
        let claims: JSONValue = .object([
            "sub": .string(user), "iat": JSONValue(issued), "exp": JSONValue(issued + Int(ttl.components.seconds)),
        ])
        let signingInput =
            Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(Array(claims.serialized().utf8))
        let signature = try Digest.hmacSHA256(key: current.secret, message: Array(signingInput.utf8))
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
        // By `kid`; a token without one (minted before tokens carried it) may be of either secret.
        let candidates: [Key]
        switch header["kid"] {
        case nil: candidates = [current] + (previous.map { [$0] } ?? [])
        case .string(let id)?: candidates = [current, previous].compactMap { $0 }.filter { $0.id == id }
        default: throw .malformed
        }
        let signingInput = Array("\(parts[0]).\(parts[1])".utf8)
        var verified = false
        for key in candidates where !verified {
            guard let expected = try? Digest.hmacSHA256(key: key.secret, message: signingInput) else {
                throw .cryptoFailure
            }
            verified = Digest.constantTimeEqual(signature, expected)
        }
        guard verified else { throw .badSignature }
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
    /// libcrypto failed to hash or sign.
    case cryptoFailure
}
