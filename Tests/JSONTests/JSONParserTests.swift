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
        [0x22, 0x61, 0x5C, 0x6E, 0xC3, 0x22],  // truncated, after an escape
        [0x22, 0xC3, 0x5C, 0x6E, 0x22],  // truncated, before an escape
        [0x22, 0x61, 0x62, 0x63, 0x80, 0x22],  // a lone continuation byte after ASCII
        [0x22, 0x61, 0xF4, 0x90, 0x80, 0x80, 0x22],  // past U+10FFFF, after ASCII
    ])
    func rejectsInvalidUTF8(_ bytes: [UInt8]) {
        #expect(throws: JSONParseError(.invalidUTF8, at: 0)) { try parser.parse(bytes) }
    }

    /// ASCII runs are taken without validation: every printable byte arrives as it was sent.
    @Test func everyPrintableASCIIByteArrivesExactly() throws {
        let printable = (0x20...0x7E).map { UInt8($0) }.filter { $0 != 0x22 && $0 != 0x5C }
        let text = String(decoding: printable, as: UTF8.self)
        #expect(try parser.parse([0x22] + printable + [0x22]) == .string(text))
        #expect(try parser.parse(#"{"\#(text)": "ü"}"#)[text] == .string("ü"))
    }

    @Test func decodesStringsThatMixPlainRunsAndEscapes() throws {
        #expect(try parser.parse(#""plain""#) == .string("plain"))
        #expect(try parser.parse(#""""#) == .string(""))
        #expect(try parser.parse(#""héllo \"wörld\" \u00e9nd""#) == .string("héllo \"wörld\" énd"))
        #expect(try parser.parse(#"{"k\u0065y": "v"}"#)["key"] == .string("v"))
        #expect(throws: JSONParseError(.controlCharacterInString, at: 5)) { try parser.parse("\"a\\nb\tc\"") }
        #expect(throws: JSONParseError(.unexpectedEnd, at: 4)) { try parser.parse("\"abc") }
    }

    /// Small objects are checked for duplicate keys by scanning, larger ones with a set: both find
    /// a duplicate wherever it is, and neither changes the members or their order.
    @Test(arguments: [3, 15, 16, 17, 40, 5000])
    func findsDuplicateKeysInObjectsOfAnySize(memberCount: Int) throws {
        let keys = (0..<memberCount).map { "key\($0)" }
        let members = keys.enumerated().map { #""\#($1)": \#($0)"# }
        let object = try #require(try parser.parse("{" + members.joined(separator: ", ") + "}").objectValue)
        #expect(object.keys == keys)
        #expect(object[keys[memberCount - 1]] == .number(String(memberCount - 1)))
        for duplicated in Set([0, memberCount / 2, memberCount - 1]) {
            let text = "{" + (members + [#""\#(keys[duplicated])": null"#]).joined(separator: ", ") + "}"
            let offset = text.utf8.count - keys[duplicated].utf8.count - 9
            #expect(throws: JSONParseError(.duplicateKey(keys[duplicated]), at: offset)) { try parser.parse(text) }
        }
    }

    @Test func limitsNesting() throws {
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(throws: JSONParseError.self) { try parser.parse(deep) }
        let allowed = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(try parser.parse(allowed).arrayValue != nil)
        #expect(throws: JSONParseError.self) { try JSONParser(maximumDepth: 2).parse(#"{"a": {"b": {}}}"#) }
    }
}
