import Basics
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
            Base64URL.decode(parts[0]).map { String(decoding: $0, as: UTF8.self) } == #"{"alg":"HS256","typ":"JWT"}"#)
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

    @Test func aShortSecretIsRefused() {
        #expect(throws: TokenError.weakSecret) { try TokenSigner(secret: Array(repeating: 1, count: 31)) }
    }
}
