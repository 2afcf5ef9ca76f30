import Auth
import Foundation
import SQLite
import SQLiteStore
import TestSupport
import Testing

@Suite struct SQLiteDatabaseTests {
    static func appliedMigrations(_ path: String) throws -> Int64 {
        try SQLiteConnection(path: path, mode: .readOnly).prepare("SELECT count(*) FROM schema_migrations")
            .rows { $0.integer(at: 0) }.first ?? 0
    }

    /// The database migrates when it is opened; the stores it hands connections to do not. The
    /// applied list is emptied behind its back: a store that migrated would run every migration
    /// again (and fail on the tables that exist).
    @Test func storesFromOneDatabaseDoNotMigrateAgain() throws {
        let path = TemporaryDatabase.path()
        let database = try SQLiteDatabase(path: path)
        let migrated = try Self.appliedMigrations(path)
        #expect(migrated >= 4)
        try SQLiteConnection(path: path).execute("DELETE FROM schema_migrations")
        let responses = try database.responseStore()
        let keys = try database.keyStore()
        #expect(try Self.appliedMigrations(path) == 0)
        #expect(try responses.response(id: "00000000-0000-4000-8000-000000000000") == nil)
        #expect(try keys.keys().isEmpty)
        responses.close()
    }

    @Test func tokenRevocationsAreSharedByConnectionsAndOnlyEverMoveLater() throws {
        let database = try SQLiteDatabase(path: TemporaryDatabase.path())
        let (first, second) = (try database.keyStore(), try database.keyStore())
        #expect(try second.tokensRevoked(user: "u-42") == nil)
        try first.revokeTokens(user: "u-42", issuedBefore: 2000)
        try first.revokeTokens(user: "u-42", issuedBefore: 1000)
        #expect(try second.tokensRevoked(user: "u-42") == 2000)
        #expect(try second.tokensRevoked(user: "u-7") == nil)
    }

    @Test func namedResultCodesTellBusyFromStorageFaults() {
        #expect(SQLiteError(.busy, message: "").isBusy)
        #expect(SQLiteError(code: 261, message: "SQLITE_BUSY_RECOVERY").isBusy)
        #expect(SQLiteError(.full, message: "").isStorageFault)
        #expect(SQLiteError(code: 778, message: "SQLITE_IOERR_WRITE").primary == .ioError)
        #expect(!SQLiteError(.constraint, message: "").isStorageFault)
    }

    /// Processes starting together on one new file make one first admin key between them, and
    /// none again once it exists or existed.
    @Test func theFirstKeyIsMadeOnceByProcessesStartingTogether() throws {
        let path = TemporaryDatabase.path()
        _ = try SQLiteDatabase(path: path)
        let made = concurrently(4) { _ in
            (try? KeyIssuer(store: try SQLiteKeyStore(path: path)).createFirst(name: "first admin", scopes: [.admin]))
                ?? nil
        }
        let keys = made.compactMap { $0 }
        #expect(keys.count == 1)
        let store = try SQLiteKeyStore(path: path)
        #expect(try store.keys().map(\.id) == keys.map(\.key.id))
        #expect(try store.revoke(id: keys[0].key.id, at: "2026-12-01T00:00:00Z"))
        #expect(try KeyIssuer(store: store).createFirst(name: "again", scopes: [.admin]) == nil)
    }
}
