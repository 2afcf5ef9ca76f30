import Foundation
import JSON
import Testing

@Suite struct JSONValueTests {
    @Test func integralValuesAreIntegersWhateverTheirLiteral() {
        for (literal, expected) in [
            ("3626", 3626), ("3626.0", 3626), ("3.626e3", 3626), ("-0.0", 0), ("1E2", 100), ("3626.5", nil),
            ("1e300", nil), ("9007199254740993.0", nil),
        ] as [(String, Int?)] {
            #expect(JSONValue.number(literal).integralValue == expected, "\(literal)")
        }
        #expect(JSONValue.string("3").integralValue == nil)
        #expect(JSONValue.number("3626.0").intValue == nil)
    }

    @Test func serializesCompactlyWithEscapes() {
        let value = JSONValue.object([
            "text": .string("quote \" backslash \\ newline \n nul \u{0} bell \u{7} é 👍"),
            "list": .array([.number("1"), .bool(false), .null]),
        ])
        #expect(
            value.serialized()
                == #"{"text":"quote \" backslash \\ newline \n nul \u0000 bell \u0007 é 👍","list":[1,false,null]}"#)
    }

    /// The writer copies unescaped runs at once; it must write what escaping byte by byte writes,
    /// wherever the escapes fall (first, last, next to each other, between multi-byte characters).
    @Test func writesStringsAsEscapingByteByByteDoes() throws {
        let alphabet: [String] = [
            "a", "Z", " ", "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "👍", "/",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5000 {
            let length = Int.random(in: 0...12, using: &generator)
            let string = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }.joined()
            let written = JSONValue.string(string).serialized()
            #expect(written == Self.escapedByteByByte(string), "\(Array(string.utf8))")
            #expect(try JSONParser().parse(written) == .string(string))
        }
    }

    /// Every ASCII byte at every position of strings longer than the eight bytes tested at once,
    /// beside multi-byte characters.
    @Test(arguments: ["aaaaaaaaaaaaaaaaaaaa", "ééééééééé€€", "a👍bcdefghi👍jklmnop"])
    func writesEveryByteAtEveryPositionAsEscapingByteByByteDoes(_ base: String) throws {
        var base = Array(base.utf8)
        for position in 0...base.count {
            for byte in UInt8(0)..<0x80 {
                base.insert(byte, at: position)
                let string = String(decoding: base, as: UTF8.self)
                base.remove(at: position)
                #expect(
                    JSONValue.string(string).serialized() == Self.escapedByteByByte(string), "\(byte) at \(position)")
            }
        }
    }

    private static func escapedByteByByte(_ string: String) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += Array(#"\""#.utf8)
            case UInt8(ascii: "\\"): bytes += Array(#"\\"#.utf8)
            case 0x0A: bytes += Array(#"\n"#.utf8)
            case 0x0D: bytes += Array(#"\r"#.utf8)
            case 0x09: bytes += Array(#"\t"#.utf8)
            case 0x00..<0x20, 0x7F: bytes += Array(String(format: "\\u%04x", byte).utf8)
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func sortedKeysMakeACanonicalForm() throws {
        let first = try JSONParser().parse(#"{"b": {"y": 1, "x": 2}, "a": []}"#)
        let second = try JSONParser().parse(#"{"a": [], "b": {"x": 2, "y": 1}}"#)
        #expect(first == second)
        #expect(first.serialized(sortedKeys: true) == second.serialized(sortedKeys: true))
        #expect(first.serialized(sortedKeys: true) == #"{"a":[],"b":{"x":2,"y":1}}"#)
        #expect(first.serialized() != second.serialized())
    }

    @Test func roundTripsThroughTheParser() throws {
        let text = #"{"id":"8E3A","n":-1.25e-3,"nested":{"a":[{"b":null}]},"s":"\t✓ שלום"}"#
        #expect(try JSONParser().parse(text).serialized() == text)
    }

    @Test func objectSubscriptReplacesAndRemovesInPlace() {
        var object: JSONObject = ["a": .null, "b": .bool(true)]
        object["a"] = .string("x")
        object["c"] = JSONValue(3)
        object["b"] = nil
        #expect(object.keys == ["a", "c"])
        #expect(object["a"] == .string("x"))
    }
}
