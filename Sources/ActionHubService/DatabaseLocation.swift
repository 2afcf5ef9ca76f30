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

    /// A PostgreSQL URL, or else a SQLite file path. Anything else shaped like a URL (`scheme://`)
    /// is refused: `postgressql://…` would otherwise be a SQLite file of that name.
    public init(_ value: String) throws(UnknownScheme) {
        let lowercased = value.lowercased()
        if lowercased.hasPrefix("postgres://") || lowercased.hasPrefix("postgresql://") {
            self = .postgreSQL(url: value)
            return
        }
        if let end = value.range(of: "://"), Self.isScheme(value[..<end.lowerBound]) {
            throw UnknownScheme(scheme: String(value[..<end.lowerBound]))
        }
        self = .sqlite(path: value)
    }

    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.first, first.isASCII, first.isLetter else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// `--database` names a URL scheme ActionHub does not speak.
    public struct UnknownScheme: Error, CustomStringConvertible {
        public var scheme: String
        public var description: String {
            "unknown database URL scheme \"\(scheme)://\": use postgresql:// (or postgres://) for PostgreSQL, "
                + "or a file path for SQLite"
        }
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
            "no database at \(path) (check --database or ACTIONHUB_DATABASE); this command does not create one: "
                + "`actionhub serve` or `actionhub migrate` does"
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
        case .sqlite(let path):
            if let problem = PathProblem(path: path) { throw problem }
            return .sqlite(try SQLiteDatabase(path: path))
        case .postgreSQL(let url): return .postgreSQL(try PostgreSQLDatabase(url: url))
        }
    }
}
