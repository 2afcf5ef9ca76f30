import JSON
import Testing

@Suite struct JSONParserTests {
    let parser = JSONParser()

    @Test func keepsMemberOrderAndNumberLiterals() throws {
        let value = try parser.parse(#" {"b": 1.50, "a": [true, null, -0, 2e10], "c": {"d": "x"}} "#)
        let object = try #require(value.objectValue)
        #expect(object.keys == ["b", "a", "c"])
        #expect(object["b"] == .number("1.50"))
        #expect(object["a"] == .array([.bool(true), .null, .number("-0"), .number("2e10")]))
        #expect(value["c"]?["d"] == .string("x"))
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let value = try parser.parse(#""a\"b\\c\/d\n\t\u00e9\ud83d\udc4d""#)
        #expect(value == .string("a\"b\\c/d\n\té👍"))
    }

    @Test(arguments: [
        (#"{"a": 1, "a": 2}"#, JSONParseError.Reason.duplicateKey("a")),
        (#"{"a": "\ud83d"}"#, .loneSurrogate),
        (#""\udc4d""#, .loneSurrogate),
        (#"[1] [2]"#, .trailingContent),
        (#"{"a": 01}"#, .unexpectedByte(UInt8(ascii: "1"))),
        ("01", .trailingContent),
        ("\"tab\there\"", .controlCharacterInString),
        (#""\x""#, .invalidEscape),
        ("", .empty),
        ("[1,", .unexpectedEnd),
        ("[1,]", .unexpectedByte(UInt8(ascii: "]"))),
        ("{'a': 1}", .unexpectedByte(UInt8(ascii: "'"))),
        ("-", .invalidNumber),
        ("1.", .invalidNumber),
        ("NaN", .unexpectedByte(UInt8(ascii: "N"))),
    ])
    func rejects(_ text: String, _ reason: JSONParseError.Reason) {
        #expect(throws: JSONParseError.self) { try parser.parse(text) }
        do {
            _ = try parser.parse(text)
        } catch {
            #expect(error.reason == reason)
        }
    }

    @Test func rejectsAByteOrderMark() {
        #expect(throws: JSONParseError(.byteOrderMark, at: 0)) {
            try parser.parse([0xEF, 0xBB, 0xBF] + Array("{}".utf8))
        }
    }

    @Test(arguments: [
        [UInt8](arrayLiteral: 0x22, 0xC3, 0x28, 0x22),  // truncated two-byte sequence
        [0x22, 0xC0, 0xAF, 0x22],  // overlong "/"
        [0x22, 0xED, 0xA0, 0x80, 0x22],  // a surrogate encoded in UTF-8
        [0x22, 0xFF, 0x22],
    ])
    func rejectsInvalidUTF8(_ bytes: [UInt8]) {
        #expect(throws: JSONParseError(.invalidUTF8, at: 0)) { try parser.parse(bytes) }
    }

    @Test func limitsNesting() throws {
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(throws: JSONParseError.self) { try parser.parse(deep) }
        let allowed = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(try parser.parse(allowed).arrayValue != nil)
        #expect(throws: JSONParseError.self) { try JSONParser(maximumDepth: 2).parse(#"{"a": {"b": {}}}"#) }
    }
}
