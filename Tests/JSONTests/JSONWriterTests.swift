import JSON
import Testing

@Suite struct JSONWriterTests {
    @Test func writesWhatTheEqualValueSerializesTo() throws {
        var json = JSONWriter()
        json.object { json in
            json.key("name")
            json.string("quote \" and \n")
            json.key("count")
            json.integer(-42)
            json.key("missing")
            json.string(nil as String?)
            json.key("nested")
            json.array { json in
                json.array { _ in }
                json.object { _ in }
                json.array { json in
                    json.integer(1)
                    json.string("two")
                }
                json.value(.bool(true))
                json.json(#"{"stored":[1,2]}"#)
            }
            json.key("last")
            json.object { json in
                json.key("a")
                json.value(.null)
            }
        }
        let expected = JSONValue.object([
            "name": .string("quote \" and \n"), "count": JSONValue(-42), "missing": .null,
            "nested": .array([
                .array([]), .object([:]), .array([JSONValue(1), .string("two")]), .bool(true),
                .object(["stored": .array([JSONValue(1), JSONValue(2)])]),
            ]),
            "last": .object(["a": .null]),
        ])
        #expect(json.text == expected.serialized())
        #expect(try JSONParser().parse(json.text) == expected)
    }

    @Test func writesTopLevelValuesAndEmptyContainers() {
        var array = JSONWriter()
        array.array { _ in }
        #expect(array.text == "[]")
        var object = JSONWriter()
        object.object { _ in }
        #expect(object.text == "{}")
        var string = JSONWriter()
        string.string("x")
        #expect(string.text == #""x""#)
    }

    /// The buffer starts far too small and doubles many times; every escape kind lands on both
    /// sides of the eight-byte scan and of a doubling.
    @Test func growsFromATinyCapacityWithoutLosingOrMangling() throws {
        let texts = (0..<2_000).map { index in
            String(repeating: "x", count: index % 19) + "\u{01}\"\\\n\r\t\u{7F}é🙂" + String(index)
        }
        var json = JSONWriter(capacity: 1)
        json.array { json in
            for text in texts { json.string(text) }
        }
        #expect(try JSONParser().parse(json.text) == .array(texts.map { .string($0) }))
        #expect(json.bytes.count == json.text.utf8.count)
        #expect(json.text.hasPrefix(#"["\u0001\"\\\n\r\t\u007fé🙂0","x\u0001"#))
    }
}
