import ActionHubDomain
import Basics
import Foundation
import Testing

@Suite struct PageCursorTests {
    @Test(arguments: [1, 42, Int64.max - 1])
    func roundTrips(_ position: Int64) {
        let cursor = PageCursor(position: position)
        #expect(PageCursor(token: cursor.token) == cursor)
        #expect(!cursor.token.contains("="))
    }

    /// Tokens handed out before stay valid: the same text as Foundation's base64 made url-safe,
    /// for every length of position (1 to 19 digits, so all three padding cases).
    @Test func tokensAreBase64URLOfTheVersionedPosition() {
        var positions: [Int64] = Array(1...1000) + [Int64.max]
        var generator = SystemRandomNumberGenerator()
        for digits in 4...18 {
            for _ in 0..<20 {
                positions.append(
                    Int64.random(in: 1...Int64("1" + String(repeating: "0", count: digits))!, using: &generator))
            }
        }
        for position in positions {
            let expected = Data("v1:\(position)".utf8).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
            #expect(PageCursor(position: position).token == expected)
        }
    }

    @Test(arguments: ["", "garbage!", "djE6", "djE6LTE", "djI6NDI", String(repeating: "A", count: 100), "djE6NDI="])
    func rejectsTokensItDidNotMake(_ token: String) {
        #expect(PageCursor(token: token) == nil)
    }

    @Test func aPageKnowsWhetherAnotherFollows() {
        let rows: [(position: Int64, item: String)] = [(9, "i"), (7, "g"), (4, "d")]
        let full = Page(rows: rows, limit: 2)
        #expect(full.items == ["i", "g"])
        #expect(full.next == PageCursor(position: 7))
        let last = Page(rows: rows, limit: 3)
        #expect(last.items == ["i", "g", "d"])
        #expect(last.next == nil)
    }
}
