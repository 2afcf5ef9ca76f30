import ActionHubService
import Auth
import Basics
import Foundation

/// `actionhub keys create | list | revoke`: service API keys.
enum KeysCommand {
    static let usage = """
        Usage: actionhub keys create --scope SCOPE [--scope SCOPE …] [--name NAME] [--rate-limit N]
                                    [--database PATH|URL]
               actionhub keys list [--database PATH|URL]
               actionhub keys revoke ID [--database PATH|URL]

        Scopes: responses:write, history:read, metrics:read, pushes:write, admin (admin includes the others).
        `create` prints the new key alone on stdout; only its SHA-256 is stored, so it cannot be
        shown again. --rate-limit: requests a second the key may make on average (bursts of twice
        that); without it, the server's --key-rate-limit (default 2000). --database defaults to
        ACTIONHUB_DATABASE, then ./actionhub.sqlite; it must exist (made by serve or migrate).
        """

    static func run(_ words: ArraySlice<String>) throws -> Int32 {
        let arguments = try Arguments(words, known: ["name", "database", "rate-limit"], repeatable: ["scope"])
        if arguments.wantsHelp {
            print(usage)
            return 0
        }
        guard let subcommand = arguments.positionals.first, ["create", "list", "revoke"].contains(subcommand) else {
            throw UsageError("keys takes create, list or revoke")
        }
        // A mistyped path must not leave an empty database behind: only serve and migrate create one.
        let location = try DatabaseOption.location(arguments)
        let keyStore = { try location.open(creating: false).keyStore() }
        switch arguments.positionals.first {
        case "create":
            guard arguments.positionals.count == 1 else {
                throw UsageError("keys create takes no positional arguments")
            }
            let scopes = try (arguments.lists["scope"] ?? []).map { name throws(UsageError) in
                guard let scope = Scope(rawValue: name) else {
                    throw UsageError(
                        "unknown scope \"\(name)\"; known: \(Scope.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                return scope
            }
            guard !scopes.isEmpty else { throw UsageError("keys create needs at least one --scope") }
            let rateLimit = try arguments.options["rate-limit"].map { text throws(UsageError) in
                guard let limit = Int(text), (1...1_000_000).contains(limit) else {
                    throw UsageError("--rate-limit must be a whole number of requests a second from 1 to 1000000")
                }
                return limit
            }
            let store = try keyStore()
            let created = try KeyIssuer(store: store).create(
                name: arguments.options["name"] ?? "", scopes: Set(scopes), rateLimit: rateLimit)
            print(created.secret)
        case "list":
            for key in try keyStore().keys() {
                let scopes = key.scopes.sorted().map(\.rawValue).joined(separator: ",")
                let state = key.revokedAt.map { "revoked \($0)" } ?? "active"
                let rate = key.rateLimit.map { "\($0)/s" } ?? "default rate"
                print(
                    [key.id, key.name.isEmpty ? "-" : key.name, scopes, key.createdAt, state, rate].joined(
                        separator: "\t"))
            }
        case "revoke":
            guard arguments.positionals.count == 2 else { throw UsageError("keys revoke takes one key id") }
            let id = arguments.positionals[1]
            guard
                try keyStore().revoke(
                    id: id, at: Timestamp.format(Date()))
            else {
                printError("actionhub keys: no key with id \(id)")
                return 1
            }
            print("revoked \(id)")
        default:
            throw UsageError("keys takes create, list or revoke")
        }
        return 0
    }
}
