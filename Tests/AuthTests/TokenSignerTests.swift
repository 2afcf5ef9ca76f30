import Basics
import Crypto
import Foundation
import Testing

@testable import Auth

@Suite struct TokenSignerTests {
    let signer = try! TokenSigner(secret: Array("0123456789abcdef0123456789abcdef".utf8))
    let now = Date(timeIntervalSince1970: 1_796_029_200)

    @Test func mintsAnHS256JWTThatVerifiesToItsUser() throws {
        let token = try signer.mint(user: "u-42", ttl: .seconds(3600), now: now)
        let parts = token.split(separator: ".")
        #expect(parts.count == 3)
        #expect(
            Base64URL.decode(parts[0]).map { String(decoding: $0, as: UTF8.self) }
                == #"{"alg":"HS256","typ":"JWT","kid":"\#(signer.keyId)"}"#)
        #expect(signer.keyId.count == 16)
        #expect(
            Base64URL.decode(parts[1]).map { String(decoding: $0, as: UTF8.self) }
                == #"{"sub":"u-42","iat":1796029200,"exp":1796032800}"#)
        #expect(try signer.verify(token, now: now) == "u-42")
    }

    @Test func refusesExpiredTamperedForeignAndUnsignedTokens() throws {
        let token = try signer.mint(user: "u-42", ttl: .seconds(60), now: now)
        #expect(throws: TokenError.expired) { try signer.verify(token, now: now.addingTimeInterval(60)) }

        let parts = token.split(separator: ".").map(String.init)
        let otherClaims = Base64URL.encode(Array(#"{"sub":"admin","iat":1796029200,"exp":1896032800}"#.utf8))
        #expect(throws: TokenError.badSignature) {
            try signer.verify("\(parts[0]).\(otherClaims).\(parts[2])", now: now)
        }

        let foreign = try TokenSigner(secret: Array(repeating: 1, count: 32)).mint(
            user: "u-42", ttl: .seconds(60), now: now)
        #expect(throws: TokenError.badSignature) { try signer.verify(foreign, now: now) }

        let none = Base64URL.encode(Array(#"{"alg":"none","typ":"JWT"}"#.utf8))
        #expect(throws: TokenError.unsupportedAlgorithm) { try signer.verify("\(none).\(parts[1]).", now: now) }
        #expect(throws: TokenError.malformed) { try signer.verify("not.a", now: now) }
        #expect(throws: TokenError.malformed) { try signer.verify("a.b.c!", now: now) }
    }

    /// Rotation: a signer with a new secret and the old one as previous verifies the old tokens
    /// (by their kid) and signs new ones with the new secret; without it they are refused.
    @Test func tokensOfThePreviousSecretVerifyWhileRotating() throws {
        let old = try TokenSigner(secret: Array(repeating: 1, count: 32))
        let newSecret = Array(repeating: UInt8(2), count: 32)
        let rotating = try TokenSigner(secret: newSecret, previous: Array(repeating: 1, count: 32))
        let rotated = try TokenSigner(secret: newSecret)
        let oldToken = try old.mint(user: "u-1", ttl: .seconds(600), now: now)
        #expect(try rotating.verify(oldToken, now: now) == "u-1")
        #expect(throws: TokenError.badSignature) { try rotated.verify(oldToken, now: now) }
        let newToken = try rotating.mint(user: "u-2", ttl: .seconds(600), now: now)
        #expect(try rotated.verify(newToken, now: now) == "u-2")
        #expect(throws: TokenError.badSignature) { try old.verify(newToken, now: now) }
        #expect(rotating.keyId == rotated.keyId && rotating.keyId != old.keyId)

        // Tokens minted before they carried a kid verify against either secret.
        let header = Base64URL.encode(Array(#"{"alg":"HS256","typ":"JWT"}"#.utf8))
        let claims = Base64URL.encode(Array(#"{"sub":"u-3","iat":1796029200,"exp":1796032800}"#.utf8))
        let signature = try Digest.hmacSHA256(
            key: Array(repeating: 1, count: 32), message: Array("\(header).\(claims)".utf8))
        let legacy = "\(header).\(claims).\(Base64URL.encode(signature))"
        #expect(try rotating.verify(legacy, now: now) == "u-3")
        #expect(throws: TokenError.badSignature) { try rotated.verify(legacy, now: now) }
    }

    @Test func aShortSecretIsRefused() {
        #expect(throws: TokenError.weakSecret) { try TokenSigner(secret: Array(repeating: 1, count: 31)) }
    }
}
