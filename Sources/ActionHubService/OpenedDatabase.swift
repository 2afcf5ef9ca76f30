import ActionHubDomain
import Auth
import Basics
import Foundation
import PostgreSQLStore
import SQLiteStore
import Telemetry

/// A database `--database` named, opened and migrated: its stores share it.
public enum OpenedDatabase: Sendable {
    case sqlite(SQLiteDatabase)
    case postgreSQL(PostgreSQLDatabase)

    public func keyStore() throws -> any KeyStore {
        switch self {
        case .sqlite(let database): return try database.keyStore()
        case .postgreSQL(let database): return database.keyStore()
        }
    }

    /// Webhook endpoints, for commands that manage them.
    public func webhookRegistry() throws -> any WebhookRegistry {
        switch self {
        case .sqlite(let database): return try database.webhookStore()
        case .postgreSQL(let database): return database.webhookStore()
        }
    }

    /// Recounts the stored aggregates from the events (`ResponseStore.rebuildStats`), beside a
    /// running server if there is one: its batches wait for the recount.
    public func rebuildStats() throws {
        try withResponseStore { try $0.rebuildStats() }
    }

    /// A response store for one command's work, closed when it is done.
    public func withResponseStore<Result>(_ body: (any ResponseStore) throws -> Result) throws -> Result {
        switch self {
        case .sqlite(let database):
            let store = try database.responseStore(options: .init(readerCount: 1))
            defer { store.close() }
            return try body(store)
        case .postgreSQL(let database):
            let store = database.responseStore(options: .init(writerCount: 1, readerCount: 1))
            defer { store.close() }
            return try body(store)
        }
    }

    /// The response store, its closing, and the gauges only it can give.
    func responseStore(threadCount: Int, commits: DatabaseLocation.CommitSettings, metrics: MetricsRegistry) throws
        -> OpenStore
    {
        let observeCommit: @Sendable (Int, Duration) -> Void = { events, duration in
            metrics.observe(Telemetry.Name.commitBatchSize, [], Double(events))
            metrics.observe(Telemetry.Name.commitDuration, [], duration.inSeconds)
        }
        switch self {
        case .sqlite(let database):
            let path = database.path
            let store = try database.responseStore(
                options: .init(
                    readerCount: min(threadCount, 16), maximumBatch: commits.maximumBatch,
                    acknowledgeBeforeCommit: Self.unsafeTestSwitch("ACTIONHUB_UNSAFE_ACKNOWLEDGE_BEFORE_COMMIT"),
                    skipsLogSync: Self.unsafeTestSwitch("ACTIONHUB_UNSAFE_SKIP_LOG_SYNC"),
                    observeCommit: observeCommit))
            // Weakly: whoever still holds the webhook store at exit must not keep the writer open,
            // whose close (the last one) removes the WAL.
            let webhooks = try database.webhookStore { [weak store] in store?.durableUpTo ?? 0 }
            let pushes = try database.pushStore()
            let close: @Sendable () -> Void = {
                webhooks.close()
                pushes.close()
                store.close()
            }
            return OpenStore(store: store, webhooks: webhooks, pushes: pushes, close: close) {
                [
                    MetricsRegistry.Gauge(
                        name: "actionhub_database_size_bytes", help: "Size of the database file and its WAL.",
                        value: Double(DatabaseFiles.size(of: path)))
                ]
            }
        case .postgreSQL(let database):
            let store = database.responseStore(
                options: .init(
                    writerCount: commits.writers, maximumBatch: commits.maximumBatch,
                    readerCount: min(threadCount, 16), observeCommit: observeCommit))
            return OpenStore(
                store: store, webhooks: database.webhookStore(), pushes: database.pushStore(), close: store.close
            ) { [] }
        }
    }

    /// Test-only: the crash and power-loss tests set ACTIONHUB_UNSAFE_ACKNOWLEDGE_BEFORE_COMMIT and
    /// ACTIONHUB_UNSAFE_SKIP_LOG_SYNC to prove that they detect acknowledged events that were lost.
    /// Debug builds only: in a release build a 2xx always means durable, whatever the environment says.
    private static func unsafeTestSwitch(_ name: String) -> Bool {
        #if DEBUG
            ProcessInfo.processInfo.environment[name] == "1"
        #else
            false
        #endif
    }
}
