import ActionHubDomain
import Basics
import GroupCommit
import SQLite
import Synchronization

/// The `ResponseStore` on an embedded SQLite database in WAL mode.
///
/// Writes go through one connection on one writer thread, which commits the events of concurrent
/// requests together (group commit, `synchronous=FULL`): `record` returns only after the COMMIT
/// that holds its event is durable. Reads use a pool of read-only connections that never wait for
/// the writer.
public final class SQLiteResponseStore: GroupCommitStore {
    /// A reader behind its own lock: the pool hands out free ones first.
    private final class ReaderSlot: Sendable {
        let reader: Locked<Reader>

        init(reader: sending Reader) {
            self.reader = Locked(reader)
        }
    }

    public struct Options: Sendable {
        /// Read-only connections; more than the number of request threads buys nothing.
        public var readerCount = 4
        /// The most events one transaction commits.
        public var maximumBatch = 256
        /// Test-only and unsafe: answer before COMMIT, then hold the COMMIT back 50 ms. Exists so the
        /// crash test can show that it catches acknowledged events that were lost.
        public var acknowledgeBeforeCommit = false
        /// Test-only and unsafe: never sync the log, so answers are sent for commits only the page
        /// cache holds. Exists so the power-loss test can show that it catches what that loses.
        public var skipsLogSync = false
        /// Told of every commit: how many events it held and how long it took, COMMIT included.
        public var observeCommit: (@Sendable (_ events: Int, _ duration: Duration) -> Void)?

        public init(
            readerCount: Int = 4, maximumBatch: Int = 256, acknowledgeBeforeCommit: Bool = false,
            skipsLogSync: Bool = false,
            observeCommit: (@Sendable (_ events: Int, _ duration: Duration) -> Void)? = nil
        ) {
            self.readerCount = readerCount
            self.maximumBatch = maximumBatch
            self.acknowledgeBeforeCommit = acknowledgeBeforeCommit
            self.skipsLogSync = skipsLogSync
            self.observeCommit = observeCommit
        }
    }

    // Readers are declared, and so released, before the writer: the last connection to close
    // checkpoints the WAL and removes it, which only a read-write connection can do.
    private let readers: [ReaderSlot]
    private let checkpointer: WALCheckpointer
    private let writer: WriterBox
    private let syncer: WALSyncer
    package let committer: GroupCommitter
    private let nextReader = Atomic<Int>(0)
    let registeredDevices: Locked<SQLiteDevices>
    /// The newest position known to be on disk: what the feed shows up to.
    private let durablePosition: Locked<Int64>
    public let database: SQLiteDatabase
    public var path: String { database.path }

    init(database: SQLiteDatabase, options: Options) throws {
        self.database = database
        let eventWriter = try database.openEventWriter()
        // What is in the file at open was synced, or recovered from what was.
        let durablePosition = Locked<Int64>(
            try eventWriter.prepare("SELECT coalesce(max(position), 0) FROM responses").rows { $0.integer(at: 0) }.first
                ?? 0)
        self.durablePosition = durablePosition
        writer = WriterBox(try Writer(connection: eventWriter))
        registeredDevices = Locked(try SQLiteDevices(connection: try database.openSyncedConnection()))
        readers = try (0..<max(1, options.readerCount)).map { _ in
            ReaderSlot(reader: try Reader(connection: try database.openReader()))
        }
        let databaseFile = try SyncedFile(path: database.path)
        let checkpointer = WALCheckpointer(
            connection: try database.openCheckpointer(), syncDatabase: { try databaseFile.sync() })
        self.checkpointer = checkpointer
        let wal = try SyncedFile(logOf: database.path)
        let syncer = WALSyncer(
            sync: { if !options.skipsLogSync { try wal.sync() } }, observe: options.observeCommit,
            durable: { newest in durablePosition.withLock { $0 = max($0, newest) } })
        self.syncer = syncer
        // The thread holds the writer weakly: the store owns it, and releasing it last, after the
        // readers, is what lets its connection checkpoint and remove the WAL on close.
        let commit: GroupCommitter.Writer = { [weak writer, options] batch in
            guard let writer else {
                batch.forEach { $0.complete(.failure(StoreClosed())) }
                return
            }
            writer.writer.withLock {
                $0.commit(
                    batch, acknowledgeBeforeCommit: options.acknowledgeBeforeCommit, syncer: syncer,
                    checkpointer: checkpointer)
            }
        }
        committer = GroupCommitter(writers: [commit], maximumBatch: options.maximumBatch)
    }

    /// Opens (creating and migrating when needed) the database at `path`, for this store alone.
    public convenience init(path: String, options: Options = Options()) throws {
        try self.init(database: try SQLiteDatabase(path: path), options: options)
    }

    deinit {
        close()
    }

    /// Commits and syncs what is waiting, answers it, and stops the writer and syncer threads;
    /// later writes throw `StoreClosed`. The connections close when the store goes.
    public func close() {
        committer.close()
        syncer.close()
        checkpointer.close()
    }

    /// A read on a reader, and a write transaction on the writer that commits nothing but still
    /// takes the write lock and touches the file, so a full disk or a read-only file shows.
    public func checkReadiness() throws {
        if let failure = syncer.failed ?? checkpointer.failed { throw failure }
        try read { try $0.ping() }
        try writer.writer.withLock { try $0.probe() }
    }

    package var feedHorizon: Int64? { durablePosition.withLock { $0 } }

    /// On the writer, between batches. Not synced on its own: the next batch's sync carries it,
    /// and a rebuild lost to a power cut leaves the aggregates as they were, whole.
    public func rebuildStats() throws {
        try writer.writer.withLock { try $0.rebuildStats() }
    }

    /// On the writer, between batches; answered once the log is truncated, which syncs it.
    public func erase(userId: String) throws -> ErasedCounts {
        try writer.writer.withLock { try $0.erase(userId: userId) }
    }

    /// On the writer, between batches, in one short transaction.
    public func pruneEvents(receivedBefore cutoff: Int64, limit: Int) throws -> Int {
        try writer.writer.withLock { writer in
            try writer.writeTransaction.run { try writer.pruner.prune(receivedBefore: cutoff, limit: limit) }
        }
    }

    public func personalData(userId: String, kind: PersonalDataKind, after position: Int64, limit: Int) throws
        -> [(position: Int64, json: String)]
    {
        try read { try $0.personalData(userId: userId, kind: kind, after: position, limit: limit) }
    }

    public func wasErased(id: String) throws -> Bool {
        try writer.writer.withLock { try $0.eraser.isErased(id) }
    }

    /// The newest event position known to be on disk.
    public var durableUpTo: Int64 { durablePosition.withLock { $0 } }

    /// On the first reader that is free, looking from a round-robin start; only when all are busy
    /// does it wait, for the one it started at. Waiting on a busy reader while another was free
    /// put threads to sleep for nothing: 4.3-5.3k history GETs/s with 4 threads instead of 5.8-6.3k
    /// with 2.
    package func read<Result: Sendable>(_ body: (Reader) throws -> Result) throws -> Result {
        let start = abs(nextReader.add(1, ordering: .relaxed).oldValue % readers.count)
        return try Locked.withFirstAvailable(of: readers.count, from: start, { readers[$0].reader }) { try body($0) }
    }
}

extension SQLiteResponseStore {
    /// A pragma's value on the writing connection, for checking the durability settings.
    func writerPragma(_ name: String) throws -> String? {
        try writer.writer.withLock { try $0.pragma(name) }
    }
}
