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

    /// Opens it: the one place it is created and migrated; its stores come from what this returns.
    func open() throws -> OpenedDatabase {
        switch self {
        case .sqlite(let path): .sqlite(try SQLiteDatabase(path: path))
        case .postgreSQL(let url): .postgreSQL(try PostgreSQLDatabase(url: url))
        }
    }
}
