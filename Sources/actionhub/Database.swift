import ActionHubDomain
import Auth
import Basics
import Foundation
import PostgreSQLStore
import SQLiteStore
import Telemetry

/// Where `--database` points: an embedded SQLite file (the default) or a PostgreSQL server that
/// several instances share.
enum Database {
    case sqlite(path: String)
    case postgreSQL(url: String)

    init(_ value: String) {
        let lowercased = value.lowercased()
        self =
            lowercased.hasPrefix("postgres://") || lowercased.hasPrefix("postgresql://")
            ? .postgreSQL(url: value) : .sqlite(path: value)
    }

    /// Safe to log: a PostgreSQL URL without its password.
    var description: String {
        switch self {
        case .sqlite(let path): return path
        case .postgreSQL(let url):
            // Unparsable means unknown: better to log nothing of it than a password.
            guard var components = URLComponents(string: url) else { return "postgresql://(unparsable URL)" }
            if components.password != nil { components.password = "redacted" }
            components.queryItems = components.queryItems?.map { item in
                item.name == "password" ? URLQueryItem(name: item.name, value: "redacted") : item
            }
            return components.string ?? "postgresql://(unparsable URL)"
        }
    }

    struct CommitSettings {
        var maximumBatch: Int
        var writers: Int
    }

    func keyStore() throws -> any KeyStore {
        switch self {
        case .sqlite(let path): return try SQLiteKeyStore(path: path)
        case .postgreSQL(let url): return try PostgreSQLKeyStore(url: url)
        }
    }

    /// The response store, its closing, and the gauges only it can give.
    func responseStore(threadCount: Int, commits: CommitSettings, metrics: MetricsRegistry) throws -> OpenStore {
        let observeCommit: @Sendable (Int, Duration) -> Void = { events, duration in
            metrics.observe(Telemetry.Name.commitBatchSize, [], Double(events))
            metrics.observe(Telemetry.Name.commitDuration, [], duration.inSeconds)
        }
        switch self {
        case .sqlite(let path):
            let store = try SQLiteResponseStore(
                path: path,
                options: .init(
                    readerCount: min(threadCount, 16), maximumBatch: commits.maximumBatch,
                    // Test-only: the crash test sets it to prove that it detects acknowledged events
                    // that were lost. Never set it in production: a 2xx would no longer mean durable.
                    acknowledgeBeforeCommit: ProcessInfo.processInfo.environment[
                        "ACTIONHUB_UNSAFE_ACKNOWLEDGE_BEFORE_COMMIT"] == "1",
                    observeCommit: observeCommit))
            return OpenStore(store: store, close: store.close) {
                [
                    MetricsRegistry.Gauge(
                        name: "actionhub_database_size_bytes", help: "Size of the database file and its WAL.",
                        value: Double(DatabaseFiles.size(of: path)))
                ]
            }
        case .postgreSQL(let url):
            let store = try PostgreSQLResponseStore(
                url: url,
                options: .init(
                    writerCount: commits.writers, maximumBatch: commits.maximumBatch,
                    readerCount: min(threadCount, 16), observeCommit: observeCommit))
            return OpenStore(store: store, close: store.close) { [] }
        }
    }
}

/// A response store opened for `serve`.
struct OpenStore: Sendable {
    var store: any ResponseStore
    var close: @Sendable () -> Void
    var gauges: @Sendable () -> [MetricsRegistry.Gauge]
}
