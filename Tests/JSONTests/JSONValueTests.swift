import JSON
import Testing

@Suite struct JSONValueTests {
    @Test func serializesCompactlyWithEscapes() {
        let value = JSONValue.object([
            "text": .string("quote \" backslash \\ newline \n nul \u{0} bell \u{7} é 👍"),
            "list": .array([.number("1"), .bool(false), .null]),
        ])
        #expect(
            value.serialized()
                == #"{"text":"quote \" backslash \\ newline \n nul \u0000 bell \u0007 é 👍","list":[1,false,null]}"#)
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
