import ActionHub
import Foundation
import SQLite
import TestSupport
import Testing

@testable import SQLiteStore

@Suite struct SQLiteResponseStoreTests {
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
                ) { _ in body }) != nil
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
            }
        }
        let reopened = try SQLiteResponseStore(path: path)
        #expect(try reopened.response(id: id) == "kept")
        let connection = try SQLiteConnection(path: path)
        let migrations = try connection.prepare("SELECT name FROM schema_migrations").rows { $0.text(at: 0) }
        #expect(migrations == ["0001-responses-likes-replies", "0002-heartbeat", "0003-api-keys"])
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
}
