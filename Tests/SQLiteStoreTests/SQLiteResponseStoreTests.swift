import ActionHub
import Foundation
import SQLite
import TestSupport
import Testing

@testable import SQLiteStore

@Suite struct SQLiteResponseStoreTests {
    @Test func commitsInWALWithoutSyncingOrCheckpointingInTheWriter() throws {
        let store = try SQLiteResponseStore(path: TemporaryDatabase.path())
        #expect(try store.writerPragma("journal_mode") == "wal")
        // 1 is NORMAL: the WALSyncer fsyncs the log before answering (WALSyncerTests).
        #expect(try store.writerPragma("synchronous") == "1")
        #expect(try store.writerPragma("wal_autocheckpoint") == "0")
    }

    /// The Checkpointer copies the log back on its own connection: the database file grows
    /// while the store is open, though the writer never checkpoints.
    @Test func theLogIsCopiedBackWithoutTheWriter() throws {
        let path = TemporaryDatabase.path()
        let store = try SQLiteResponseStore(path: path)
        func databaseBytes() throws -> Int {
            (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        }
        let before = try databaseBytes()
        for round in 0..<100 {
            _ = try store.record(
                NewResponse(id: "id-\(round)", userId: "u", category: "c", action: "a", fingerprint: "f")
            ) { _ in String(repeating: "x", count: 2000) }
        }
        var after = try databaseBytes()
        for _ in 0..<100 where after < before + 200_000 {
            Thread.sleep(forTimeInterval: 0.05)
            after = try databaseBytes()
        }
        #expect(after >= before + 200_000)
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
