import ActionHubDomain
import Basics
import GroupCommit
import PostgreSQL

/// The `ResponseStore` on PostgreSQL, for several ActionHub instances sharing one database.
///
/// Writes: request threads hand events to a few writer connections that each commit batches
/// (group commit); a request returns only after the COMMIT holding its event. Exactly-once across
/// instances comes from the database's unique keys, not from anything in this process. Reads go
/// through their own pool of connections. Lost connections are opened again on next use: requests
/// in between fail (503), none is acknowledged without its COMMIT.
public final class PostgreSQLResponseStore: GroupCommitStore {
    public struct Options: Sendable {
        /// Connections committing batches side by side.
        public var writerCount = 4
        /// The most events one transaction commits.
        public var maximumBatch = 64
        public var readerCount = 8
        /// Told of every commit: how many events it held and how long it took, COMMIT included.
        public var observeCommit: (@Sendable (_ events: Int, _ duration: Duration) -> Void)?

        public init(
            writerCount: Int = 4, maximumBatch: Int = 64, readerCount: Int = 8,
            observeCommit: (@Sendable (_ events: Int, _ duration: Duration) -> Void)? = nil
        ) {
            self.writerCount = writerCount
            self.maximumBatch = maximumBatch
            self.readerCount = readerCount
            self.observeCommit = observeCommit
        }
    }

    let readers: SessionPool
    let url: String
    package let committer: GroupCommitter

    /// Starts the writers; connections are opened on first use.
    init(database: PostgreSQLDatabase, options: Options) {
        let url = database.url
        self.url = url
        readers = SessionPool(url: url, size: options.readerCount, statements: PostgreSQLReader.statements)
        let writers: [GroupCommitter.Writer] = (0..<max(1, options.writerCount)).map { _ in
            let writer = Locked(PostgreSQLWriter(url: url))
            return { batch in writer.withLock { $0.commit(batch, observe: options.observeCommit) } }
        }
        committer = GroupCommitter(writers: writers, maximumBatch: options.maximumBatch)
    }

    /// Connects, creates or migrates the schema (`PostgreSQLDatabase`), and starts the writers.
    public convenience init(url: String, options: Options = Options()) throws {
        self.init(database: try PostgreSQLDatabase(url: url), options: options)
    }

    deinit {
        committer.close()
    }

    /// Commits what is waiting and stops the writers; later writes throw `StoreClosed`.
    public func close() {
        committer.close()
    }

    /// A read and a committed heartbeat write, each on a live connection.
    public func checkReadiness() throws {
        try read { try $0.heartbeat() }
    }

    /// On a connection of its own, in one transaction (`PostgreSQLStatsSQL.rebuild`).
    public func rebuildStats() throws {
        let connection = try PostgreSQLConnection(url: url)
        try connection.execute("BEGIN")
        do {
            try connection.execute(PostgreSQLStatsSQL.rebuild)
            try connection.execute("COMMIT")
        } catch {
            if connection.isConnected { try? connection.execute("ROLLBACK") }
            throw error
        }
    }

    /// A committed transaction is durable here (`synchronous_commit` on): no horizon beyond the
    /// one the feed query keeps itself.
    package var feedHorizon: Int64? { nil }

    package func read<Result: Sendable>(_ body: (PostgreSQLReader) throws -> Result) throws -> Result {
        try readers.withConnection(retryIfLost: true) { try body(PostgreSQLReader(connection: $0)) }
    }
}
