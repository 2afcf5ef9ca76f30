import ActionHub
import Testing

@Suite struct PageCursorTests {
    @Test(arguments: [1, 42, Int64.max - 1])
    func roundTrips(_ position: Int64) {
        let cursor = PageCursor(position: position)
        #expect(PageCursor(token: cursor.token) == cursor)
        #expect(!cursor.token.contains("="))
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
