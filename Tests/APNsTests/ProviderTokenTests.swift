import APNs
import Basics
import Crypto
import Foundation
import JSON
import TestSupport
import Testing

/// The provider token as APNs checks it: an ES256 JWT that OpenSSL verifies with the key's public
/// half, made once and reused until it is old or APNs calls it expired.
@Suite struct ProviderTokenTests {
    /// A fresh key made by the openssl command as Apple's `.p8` is (PKCS#8 PEM), with its public half.
    static func key(_ algorithm: [String] = ["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"]) throws
        -> (pem: String, publicKey: URL)
    {
        let folder = Self.folder()
        let key = folder.appendingPathComponent("AuthKey.p8")
        let publicKey = folder.appendingPathComponent("public.pem")
        #expect(try Toolchain.run("openssl", ["genpkey"] + algorithm + ["-out", key.path]).status == 0)
        #expect(try Toolchain.run("openssl", ["pkey", "-in", key.path, "-pubout", "-out", publicKey.path]).status == 0)
        return (try String(contentsOf: key, encoding: .utf8), publicKey)
    }

    static func folder() -> URL {
        URL(fileURLWithPath: TemporaryDatabase.path()).deletingLastPathComponent()
    }

    /// ECDSA-Sig-Value in DER from JWS's r || s, for `openssl dgst -verify`.
    static func der(_ raw: [UInt8]) -> [UInt8] {
        func integer(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
            var trimmed = Array(bytes.drop { $0 == 0 })
            if trimmed.isEmpty || trimmed[0] & 0x80 != 0 { trimmed.insert(0, at: 0) }
            return [0x02, UInt8(trimmed.count)] + trimmed
        }
        let body = integer(raw[0..<32]) + integer(raw[32..<64])
        return [0x30, UInt8(body.count)] + body
    }

    static func verifies(_ token: String, with publicKey: URL) throws -> Bool {
        let parts = token.split(separator: ".").map(String.init)
        let folder = Self.folder()
        let input = folder.appendingPathComponent("input")
        let signature = folder.appendingPathComponent("signature.der")
        try Data((parts[0] + "." + parts[1]).utf8).write(to: input)
        try Data(der(try #require(Base64URL.decode(parts[2])))).write(to: signature)
        return try Toolchain.run(
            "openssl", ["dgst", "-sha256", "-verify", publicKey.path, "-signature", signature.path, input.path]
        ).status == 0
    }

    @Test func theTokenIsAnES256JWTThatOpenSSLVerifies() throws {
        let (pem, publicKey) = try Self.key()
        let issued = Date(timeIntervalSince1970: 1_764_840_000.7)
        let provider = ProviderToken(key: try ES256Key(pem: pem), keyId: "ABC123DEFG", teamId: "DEF123GHIJ") { issued }
        let token = try provider.current()
        let parts = token.split(separator: ".").map(String.init)
        #expect(parts.count == 3)
        let header = try JSONParser().parse(try #require(Base64URL.decode(parts[0])))
        let claims = try JSONParser().parse(try #require(Base64URL.decode(parts[1])))
        #expect(header == .object(["alg": .string("ES256"), "kid": .string("ABC123DEFG")]))
        #expect(claims == .object(["iss": .string("DEF123GHIJ"), "iat": JSONValue(1_764_840_000)]))
        #expect(Base64URL.decode(parts[2])?.count == 64)
        #expect(try Self.verifies(token, with: publicKey))
        let forged =
            parts[0] + "." + Base64URL.encode(Array(#"{"iss":"OTHER","iat":1764840000}"#.utf8)) + "." + parts[2]
        #expect(try !Self.verifies(forged, with: publicKey), "the check can fail")
    }

    @Test func oneTokenServesUntilItIsOldOrExpired() throws {
        let clock = Locked(Date(timeIntervalSince1970: 1_764_840_000))
        let provider = ProviderToken(
            key: try ES256Key(pem: try Self.key().pem), keyId: "K", teamId: "T", lifetime: .seconds(40 * 60)
        ) { clock.withLock { $0 } }
        let first = try provider.current()
        clock.withLock { $0 += 39 * 60 }
        #expect(try provider.current() == first, "reused, not made per request")
        clock.withLock { $0 += 2 * 60 }
        let second = try provider.current()
        #expect(second != first, "made again once 40 minutes old")
        provider.expired(first)
        #expect(try provider.current() == second, "an expiry of a token already replaced changes nothing")
        provider.expired(second)
        #expect(try provider.current() != second, "ExpiredProviderToken makes a new one at once")
    }

    @Test func onlyAP256PrivateKeyIsTaken() throws {
        let rsa = try Self.key(["-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048"]).pem
        let p384 = try Self.key(["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-384"]).pem
        for pem in [rsa, p384, "-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n", ""] {
            #expect(throws: CryptoError.self) { try ES256Key(pem: pem) }
        }
    }
}
