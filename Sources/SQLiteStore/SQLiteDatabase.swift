import Migrations
import SQLite

/// One ActionHub database file. Opening it here is the one place it is created, set to WAL and
/// migrated; the stores (responses, keys) then take their connections from it, each set up for
/// its job, and never migrate themselves.
public final class SQLiteDatabase: Sendable {
    public let path: String

    /// Opens the database at `path`, creating and migrating it when needed. Migrations commit
    /// with `synchronous=FULL`.
    public init(path: String) throws {
        self.path = path
        let connection: SQLiteConnection
        do {
            connection = try SQLiteConnection(path: path)
        } catch {
            // SQLite's message does not say which file; an operator with a typo needs to know.
            throw SQLiteError(code: error.code, message: "\(path): \(error.message)", sql: error.sql)
        }
        try connection.execute("PRAGMA journal_mode = WAL")
        try connection.execute("PRAGMA synchronous = FULL")
        try Migrator(Schema.migrations).migrate(connection)
    }

    /// The connection that commits events. It commits with `synchronous=NORMAL`, which does not
    /// fsync: the store's WALSyncer does, on its own thread, before anyone is answered, so a 2xx
    /// still means the event is on disk. Checkpoints are the store's to schedule, outside COMMIT.
    /// <https://www.sqlite.org/pragma.html#pragma_synchronous>
    func openEventWriter() throws -> SQLiteConnection {
        let connection = try SQLiteConnection(path: path)
        try connection.execute("PRAGMA synchronous = NORMAL")
        try connection.execute("PRAGMA wal_autocheckpoint = 0")
        return connection
    }

    /// The connection `WALCheckpointer` copies the log with; it writes nothing else.
    func openCheckpointer() throws -> SQLiteConnection {
        let connection = try SQLiteConnection(path: path)
        try connection.execute("PRAGMA wal_autocheckpoint = 0")
        return connection
    }

    /// A read-write connection whose every commit is synced: for rare writes (keys, secrets).
    func openSyncedConnection() throws -> SQLiteConnection {
        let connection = try SQLiteConnection(path: path)
        try connection.execute("PRAGMA synchronous = FULL")
        return connection
    }

    /// A read-only connection: in WAL mode it reads beside the writer without waiting for it.
    /// The database file is mapped into memory, so that a page read is a memory access instead
    /// of a `pread` into this connection's own cache (a history GET read ~12 pages that way).
    func openReader() throws -> SQLiteConnection {
        let connection = try SQLiteConnection(path: path, mode: .readOnly)
        try connection.execute("PRAGMA mmap_size = \(Self.readerMapBytes)")
        return connection
    }

    /// At most what SQLite as Debian builds it maps (SQLITE_MAX_MMAP_SIZE); a larger database is
    /// read through the map up to there and with `pread` beyond.
    static let readerMapBytes = 0x7fff_0000

    public func responseStore(options: SQLiteResponseStore.Options = .init()) throws -> SQLiteResponseStore {
        try SQLiteResponseStore(database: self, options: options)
    }

    /// Webhook endpoints and the outbox. `durableUpTo` is the newest event position on disk
    /// (`SQLiteResponseStore.durableUpTo`): attempts wait for it.
    public func webhookStore(durableUpTo: @escaping @Sendable () -> Int64 = { .max }) throws -> SQLiteWebhookStore {
        try SQLiteWebhookStore(database: self, durableUpTo: durableUpTo)
    }

    /// Pushes and their outbox.
    public func pushStore() throws -> SQLitePushStore {
        try SQLitePushStore(database: self)
    }

    public func keyStore(connections: Int = 4) throws -> SQLiteKeyStore {
        try SQLiteKeyStore(database: self, connections: connections)
    }
}
