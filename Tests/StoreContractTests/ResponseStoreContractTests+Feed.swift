import ActionHubDomain
import ActionHubTesting
import Foundation
import PostgreSQLStore
import SQLiteStore
import TestSupport
import Testing

/// The feed on every store: oldest first, each event once, and the latest events.
extension ResponseStoreContractTests {
    /// Oldest first, each event once however the pages fall, replays adding nothing, the push kept
    /// with the event, filters, and a cursor that goes on from the end of an empty page.
    @Test(arguments: Kind.allCases)
    func theFeedGivesEveryEventOnceOldestFirst(_ kind: Kind) throws {
        let store = try kind.make()
        var ids: [String] = []
        for index in 0..<7 {
            let id = UUID().uuidString
            let key = NewResponse(
                id: id, userId: "u-\(index)", category: "social_post", action: index % 3 == 0 ? "reply" : "like",
                fingerprint: "f", notification: #"{"identifier":"push-\#(index)"}"#)
            _ = try store.record(key) { _ in #"{"n":\#(index)}"# }.wait().get()
            ids.append(id)
        }
        let replay = NewResponse(id: ids[0], userId: "u-0", category: "social_post", action: "reply", fingerprint: "f")
        #expect(try store.record(replay) { _ in "again" }.wait().get() == .replayed(body: #"{"n":0}"#))

        // A durable event shows up, though not always at once: on PostgreSQL the feed waits for
        // any transaction that might still add an earlier one (other databases' included when it
        // cannot tell them apart), so the consumer reads on, as a real one does.
        var seen: [FeedItem] = []
        var cursor = FeedCursor.start
        let deadline = Date().addingTimeInterval(30)
        while seen.count < 7 && Date() < deadline {
            let page = try store.feed(after: cursor, filter: ResponseFilter(), limit: 3)
            if page.items.isEmpty {
                #expect(page.next == cursor)
                usleep(20_000)
                continue
            }
            #expect(FeedCursor(token: page.next.token) == page.next)
            seen += page.items
            cursor = page.next
        }
        #expect(try store.feed(after: cursor, filter: ResponseFilter(), limit: 3).items.isEmpty)
        #expect(seen.map(\.body) == (0..<7).map { #"{"n":\#($0)}"# })
        #expect(seen.map(\.notification) == (0..<7).map { #"{"identifier":"push-\#($0)"}"# })
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.cursor < $1.cursor })

        // The filtered feed waits for the same horizon, which another test's transaction on the
        // same PostgreSQL cluster may hold back for a moment: read on until all three are there.
        var replies: [String] = []
        while replies.count < 3 && Date() < deadline.addingTimeInterval(30) {
            replies = try store.feed(after: .start, filter: ResponseFilter(action: "reply"), limit: 50).items.map(
                \.body)
            if replies.count < 3 { usleep(20_000) }
        }
        #expect(replies == [#"{"n":0}"#, #"{"n":3}"#, #"{"n":6}"#])
        #expect(try store.feed(after: .start, filter: ResponseFilter(category: "other"), limit: 50).items.isEmpty)

        // Something new after the end: it is the next item.
        _ = try store.record(Self.key()) { _ in "later" }.wait().get()
        var later: [String] = []
        while later.isEmpty && Date() < deadline.addingTimeInterval(30) {
            later = try store.feed(after: cursor, filter: ResponseFilter(), limit: 50).items.map(\.body)
            if later.isEmpty { usleep(20_000) }
        }
        #expect(later == ["later"])
    }
}

extension ResponseStoreContractTests {
    @Test(arguments: Kind.allCases)
    func latestFeedGivesTheNewestEventsAndTheCursorToFollowOn(_ kind: Kind) throws {
        let store = try kind.make()
        let ids = (0..<5).map { _ in UUID().uuidString }
        for (index, id) in ids.enumerated() {
            _ = try store.record(Self.key(id, action: index % 2 == 0 ? "like" : "reply")) { _ in "\"\(index)\"" }.wait()
                .get()
        }
        // On PostgreSQL the feed may hold back for a moment behind a transaction it cannot yet
        // attribute to another database (it delays, never skips): wait until it has caught up.
        let deadline = Date().addingTimeInterval(10)
        var latest = try store.latestFeed(filter: ResponseFilter(), limit: 3)
        while latest.items.count < 3 && Date() < deadline {
            usleep(20_000)
            latest = try store.latestFeed(filter: ResponseFilter(), limit: 3)
        }
        #expect(latest.items.map(\.body) == ["\"2\"", "\"3\"", "\"4\""])
        let replies = try store.latestFeed(filter: ResponseFilter(action: "reply"), limit: 10)
        #expect(replies.items.map(\.body) == ["\"1\"", "\"3\""])
        var none = try store.latestFeed(filter: ResponseFilter(action: "nothing"), limit: 10)
        while none.next != latest.next && Date() < deadline {
            usleep(20_000)
            none = try store.latestFeed(filter: ResponseFilter(action: "nothing"), limit: 10)
        }
        #expect(none.items.isEmpty)
        _ = try store.record(Self.key()) { _ in "\"5\"" }.wait().get()
        for page in [latest, none] {
            var next = try store.feed(after: page.next, filter: ResponseFilter(), limit: 10).items.map(\.body)
            while next.isEmpty && Date() < deadline.addingTimeInterval(10) {
                usleep(20_000)
                next = try store.feed(after: page.next, filter: ResponseFilter(), limit: 10).items.map(\.body)
            }
            #expect(next == ["\"5\""])
        }
    }
}
