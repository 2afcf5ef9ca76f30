import ActionHubDomain
import Foundation
import Migrations
import SQLite
import TestSupport
import Testing

@testable import SQLiteStore

@Suite struct SQLiteResponseStoreTests {
    /// Readers map the file: a page read is then a memory access, not a `pread` into the
    /// connection's own page cache.
    @Test func readersMapTheDatabaseFile() throws {
        let store = try SQLiteResponseStore(path: TemporaryDatabase.path())
        #expect(try store.read { try $0.pragma("mmap_size") } == String(SQLiteDatabase.readerMapBytes))
        #expect(try store.writerPragma("mmap_size") == "0")
    }

    @Test func commitsInWALWithoutSyncingOrCheckpointingInTheCommit() throws {
        let store = try SQLiteResponseStore(path: TemporaryDatabase.path())
        #expect(try store.writerPragma("journal_mode") == "wal")
        // 1 is NORMAL: the WALSyncer fsyncs the log before answering (WALSyncerTests).
        #expect(try store.writerPragma("synchronous") == "1")
        #expect(try store.writerPragma("wal_autocheckpoint") == "0")
    }

    /// The writer checkpoints between batches (its automatic checkpoint is off), so the log is
    /// copied back into the database and starts over instead of growing.
    @Test func theLogIsCopiedBackAndStaysBounded() throws {
        let path = TemporaryDatabase.path()
        let store = try SQLiteResponseStore(path: path)
        func bytes(_ file: String) throws -> Int {
            (try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
        }
        let before = try bytes(path)
        let events = Writer.checkpointEvery * 16
        let body = String(repeating: "x", count: 2000)
        // Many threads at once, so that commits group several events, as under load.
        let stored = concurrently(16) { thread in
            (0..<events / 16).filter { round in
                (try? store.record(
                    NewResponse(id: "id-\(thread)-\(round)", userId: "u", category: "c", action: "a", fingerprint: "f")
                ) { _ in body }.wait().get()) != nil
            }.count
        }
        #expect(stored.reduce(0, +) == events)
        // Each event puts its 2 KB body in the log; without checkpoints the log would hold them
        // all. The last checkpoint may be up to two rounds behind (it runs after a batch).
        #expect(try bytes(path) >= before + (events - 2 * Writer.checkpointEvery) * 2000)
        #expect(try bytes(path + "-wal") < events * 2000 / 2)
    }

    @Test func dataAndSchemaSurviveReopening() throws {
        let path = TemporaryDatabase.path()
        let id = UUID().uuidString
        do {
            let store = try SQLiteResponseStore(path: path)
            _ = try store.record(NewResponse(id: id, userId: "u", category: "c", action: "a", fingerprint: "f")) { _ in
                "kept"
            }.wait().get()
        }
        let reopened = try SQLiteResponseStore(path: path)
        #expect(try reopened.response(id: id) == "kept")
        let connection = try SQLiteConnection(path: path)
        let migrations = try connection.prepare("SELECT name FROM schema_migrations").rows { $0.text(at: 0) }
        #expect(
            migrations == [
                "0001-responses-likes-replies", "0002-heartbeat", "0003-api-keys", "0004-post-counts",
                "0005-response-notification", "0006-webhooks", "0007-token-revocations",
                "0008-stats", "0009-user-history-by-action", "0010-subjects", "0011-key-rate-limits", "0012-erasure",
                "0013-deliveries-by-event", "0014-devices", "0015-pushes", "0016-push-funnel",
            ])
    }

    /// A database from before 0004 gets its posts' counts filled in when it is opened; from then
    /// on they follow every like and reply added (or a row deleted by hand).
    @Test func postCountsAreFilledInForAnOlderDatabaseAndFollowTheRows() throws {
        let path = TemporaryDatabase.path()
        do {
            let old = try SQLiteConnection(path: path)
            try old.execute("PRAGMA journal_mode = WAL")
            try Migrator(Array(Schema.migrations.prefix(3))).migrate(old)
            try old.execute(
                """
                WITH RECURSIVE n(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM n WHERE value < 3000)
                INSERT INTO likes (post_id, user_id, response_id, liked_at)
                SELECT 'p-' || (value % 3), 'u-' || value, 'r-' || value, 't' FROM n;
                WITH RECURSIVE n(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM n WHERE value < 7)
                INSERT INTO replies (reply_id, post_id, user_id, text, response_id, created_at)
                SELECT 'y-' || value, 'p-1', 'u-' || value, 'hi', 'r-' || value, 't' FROM n;
                """)
        }
        let store = try SQLiteResponseStore(path: path)
        #expect(try store.likes(postId: "p-1", page: PageRequest()).likeCount == 1000)
        #expect(try store.replies(postId: "p-1", page: PageRequest()).replyCount == 7)
        #expect(try store.replies(postId: "p-2", page: PageRequest()).replyCount == 0)
        let like = Like(postId: "p-1", userId: "u-new", responseId: "r-new", likedAt: "t")
        let likeAgain: @Sendable (any ActionEffects) throws -> String = { effects in
            let change = try effects.addLike(like)
            return "added \(change.added), \(change.likeCount) likes"
        }
        let first = NewResponse(id: "e-1", userId: "u-new", category: "c", action: "like", fingerprint: "f")
        #expect(try store.record(first, perform: likeAgain).wait().get() == .created(body: "added true, 1001 likes"))
        let second = NewResponse(id: "e-2", userId: "u-new", category: "c", action: "like", fingerprint: "f")
        #expect(try store.record(second, perform: likeAgain).wait().get() == .created(body: "added false, 1001 likes"))
        try SQLiteConnection(path: path).execute("DELETE FROM likes WHERE post_id = 'p-1' AND user_id = 'u-4'")
        #expect(try store.likes(postId: "p-1", page: PageRequest()).likeCount == 1000)
        #expect(try store.likes(postId: "p-0", page: PageRequest()).likeCount == 1000)
    }

    @Test func refusesADatabaseFromANewerBuild() throws {
        let path = TemporaryDatabase.path()
        _ = try SQLiteResponseStore(path: path)
        try SQLiteConnection(path: path).execute(
            "INSERT INTO schema_migrations (name, applied_at) VALUES ('9999-from-the-future', 'now')")
        #expect(throws: Migrator.Failure.unknownMigrations(["9999-from-the-future"])) {
            try SQLiteResponseStore(path: path)
        }
    }

    @Test func aDatabaseThatCannotBeOpenedIsAnError() {
        #expect(throws: SQLiteError.self) { try SQLiteResponseStore(path: "/nonexistent-directory/x/db.sqlite") }
    }

    /// The feed shows what was synced: after each acknowledged POST its event, and an event whose
    /// handler failed (its savepoint rolled back, its rowid free again) never moves the horizon.
    @Test func theFeedFollowsTheSyncedEventsAcrossARolledBackOne() throws {
        struct HandlerFailed: Error {}
        let store = try SQLiteResponseStore(path: TemporaryDatabase.path())
        func record(_ body: String, failing: Bool = false) -> Result<RecordResult, any Error> {
            store.record(NewResponse(id: UUID().uuidString, userId: "u", category: "c", action: "a", fingerprint: "f"))
            {
                _ in
                if failing { throw HandlerFailed() }
                return body
            }.wait()
        }
        _ = try record("first").get()
        #expect(throws: HandlerFailed.self) { try record("lost", failing: true).get() }
        #expect(try store.feed(after: .start, filter: ResponseFilter(), limit: 10).items.map(\.body) == ["first"])
        _ = try record("second").get()
        let items = try store.feed(after: .start, filter: ResponseFilter(), limit: 10).items
        #expect(items.map(\.body) == ["first", "second"])
        #expect(items.last?.position == store.feedHorizon)
        store.close()
    }
}

extension SQLiteResponseStoreTests {
    /// A read does not queue behind a busy reader while another one is free: with two readers,
    /// one held by a long read, every other read still answers at once.
    @Test func aReadTakesAFreeReaderWhileAnotherIsBusy() throws {
        let store = try SQLiteResponseStore(path: TemporaryDatabase.path(), options: .init(readerCount: 2))
        let busy = DispatchSemaphore(value: 0)
        let finish = DispatchSemaphore(value: 0)
        let longRead = Thread {
            _ = try? store.read { reader in
                busy.signal()
                finish.wait()
                return try reader.response(id: "none")
            }
        }
        longRead.start()
        busy.wait()
        let answered = DispatchSemaphore(value: 0)
        let reads = Thread {
            // Round-robin alone sends one of any two reads in a row to the busy reader.
            for _ in 0..<4 { _ = try? store.read { try $0.response(id: "none") } }
            answered.signal()
        }
        reads.start()
        let result = answered.wait(timeout: .now() + 10)
        finish.signal()
        #expect(result == .success)
        if result == .timedOut { answered.wait() }
    }
}
