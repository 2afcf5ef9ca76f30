import ActionHubDomain
import JSON

/// A user's responses as the bytes of the answer; a post's likes and replies are `PostListingJSON`.
enum HistoryJSON {
    /// The stored answers are JSON already: they are spliced in as they are, not parsed again.
    static func responses(_ page: Page<String>) -> [UInt8] {
        var json = JSONWriter(capacity: 64 + page.items.reduce(0) { $0 + $1.utf8.count + 1 })
        json.object { json in
            json.key("items")
            json.array { json in
                for item in page.items { json.json(item) }
            }
            json.key("nextCursor")
            json.string(page.next?.token)
        }
        return json.bytes
    }
}
