import Basics
import Foundation
import Testing

@Suite struct Base64URLTests {
    /// What Foundation's encoder gives, made URL-safe and unpadded: the form tokens and keys were
    /// written in before the encoder was written by hand, so both must agree byte for byte.
    static func foundation(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    @Test func encodesLikeFoundationForEveryLengthAndByte() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...67 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(Base64URL.encode(bytes) == Self.foundation(bytes), "length \(length)")
            #expect(Base64URL.decode(Base64URL.encode(bytes)) == bytes)
        }
        let everyByte = (0...255).map { UInt8($0) }
        #expect(Base64URL.encode(everyByte) == Self.foundation(everyByte))
    }

    @Test func refusesPaddingAndCharactersOutsideTheAlphabet() {
        #expect(Base64URL.decode("YQ==") == nil)
        #expect(Base64URL.decode("a+b/") == nil)
        #expect(Base64URL.decode("a b") == nil)
        #expect(Base64URL.decode("YQ") == Array("a".utf8))
    }
}
