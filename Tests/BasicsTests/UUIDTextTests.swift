import Basics
import Foundation
import Testing

@Suite struct UUIDTextTests {
    @Test(arguments: [
        ("5f1c2a9e-8d3b-4c7a-9e21-0b6d4f8a1c35", "5F1C2A9E-8D3B-4C7A-9E21-0B6D4F8A1C35"),
        ("5F1C2A9E-8D3B-4C7A-9E21-0B6D4F8A1C35", "5F1C2A9E-8D3B-4C7A-9E21-0B6D4F8A1C35"),
        ("00000000-0000-0000-0000-000000000000", "00000000-0000-0000-0000-000000000000"),
    ])
    func canonicalIsUpperCase(_ given: String, _ expected: String) {
        #expect(UUIDText.canonical(given) == expected)
    }

    @Test(arguments: [
        "", "5f1c2a9e8d3b4c7a9e210b6d4f8a1c35", "5f1c2a9e-8d3b-4c7a-9e21-0b6d4f8a1c3",
        "5f1c2a9e-8d3b-4c7a-9e21-0b6d4f8a1c355",
        "5f1c2a9e-8d3b-4c7a-9e21_0b6d4f8a1c35", "5g1c2a9e-8d3b-4c7a-9e21-0b6d4f8a1c35",
        "{5f1c2a9e-8d3b-4c7a-9e21-0b6d4f8a1c35}",
        "５f1c2a9e-8d3b-4c7a-9e21-0b6d4f8a1c3",
        // Foundation's parser (sscanf "%2hhx") takes a sign inside a group, so it accepts these.
        "B75A352E-4D28-44BD-95-D-D7801FAAFC29", "A9-63E19-B84A-4f83-8321-386C16311647",
    ])
    func refusesAnythingElse(_ given: String) {
        #expect(UUIDText.canonical(given) == nil)
    }

    @Test func agreesWithFoundationOnWhatIsAUUID() {
        var generator = SystemRandomNumberGenerator()
        // No "-", "+", " " or "x": Foundation reads signs, spaces and 0x inside a group (see above).
        let alphabet = Array("0123456789abcdefABCDEFgz:")
        for _ in 0..<5000 {
            var text = Array(UUID().uuidString)
            // Change one or two characters at random: mostly still UUIDs, some not.
            for _ in 0..<Int.random(in: 0...2, using: &generator) {
                text[Int.random(in: 0..<36, using: &generator)] = alphabet.randomElement(using: &generator)!
            }
            let given = String(text)
            #expect(UUIDText.canonical(given) == UUID(uuidString: given)?.uuidString, "\(given)")
        }
    }

    @Test func randomIsAVersion4UUIDAndNeverRepeats() {
        let made = (0..<10_000).map { _ in UUIDText.random() }
        #expect(Set(made).count == made.count)
        for text in made.prefix(100) {
            let parsed = UUID(uuidString: text)
            #expect(parsed?.uuidString.lowercased() == text)
            let bytes = Array(text.utf8)
            #expect(bytes[14] == UInt8(ascii: "4"))
            #expect([UInt8(ascii: "8"), UInt8(ascii: "9"), UInt8(ascii: "a"), UInt8(ascii: "b")].contains(bytes[19]))
        }
    }
}
