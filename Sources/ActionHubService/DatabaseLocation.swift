import ActionHubDomain
import Auth
import Basics
import Foundation
import PostgreSQLStore
import SQLiteStore
import Telemetry

/// Where `--database` points: an embedded SQLite file (the default) or a PostgreSQL server that
/// several instances share.
public enum DatabaseLocation: Sendable {
    case sqlite(path: String)
    case postgreSQL(url: String)

    public init(_ value: String) {
        let lowercased = value.lowercased()
        self =
            lowercased.hasPrefix("postgres://") || lowercased.hasPrefix("postgresql://")
            ? .postgreSQL(url: value) : .sqlite(path: value)
    }

    /// Safe to log: a PostgreSQL URL without its password.
    public var description: String {
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

    /// How events are committed: the batch size of group commit and, on PostgreSQL, how many
    /// connections commit side by side.
    public struct CommitSettings: Sendable {
        public var maximumBatch: Int
        public var writers: Int

        public init(maximumBatch: Int = 256, writers: Int = 4) {
            self.maximumBatch = maximumBatch
            self.writers = writers
        }
    }

    /// No SQLite file where one must already be.
    public struct NotFound: Error, CustomStringConvertible {
        public var path: String
        public var description: String {
            "no database at \(path) (check --database or ACTIONHUB_DATABASE); this command does not create one"
        }
    }

    /// Opens it: the one place it is created and migrated; its stores come from what this returns.
    /// With `creating` false, a missing SQLite file is `NotFound` instead of a new, empty database
    /// (commands that only read, or that would mint with a secret nobody else has).
    public func open(creating: Bool = true) throws -> OpenedDatabase {
        if !creating, case .sqlite(let path) = self, !FileManager.default.fileExists(atPath: path) {
            throw NotFound(path: path)
        }
        switch self {
        case .sqlite(let path): return .sqlite(try SQLiteDatabase(path: path))
        case .postgreSQL(let url): return .postgreSQL(try PostgreSQLDatabase(url: url))
        }
    }
}
