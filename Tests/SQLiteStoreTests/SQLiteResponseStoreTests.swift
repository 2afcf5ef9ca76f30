import ActionHub
import Foundation
import SQLite
import TestSupport
import Testing

@testable import SQLiteStore

@Suite struct SQLiteResponseStoreTests {
    @Test func commitsDurablyInWALWithSynchronousFull() throws {
        let store = try SQLiteResponseStore(path: TemporaryDatabase.path())
        #expect(try store.writerPragma("journal_mode") == "wal")
        // 2 is FULL: the WAL is fsynced at every COMMIT.
        #expect(try store.writerPragma("synchronous") == "2")
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
