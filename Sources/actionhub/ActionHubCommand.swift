import ActionHubService
import Foundation

/// `actionhub <command>`: one command per file, each with its usage.
@main
enum ActionHubCommand {
    static let usage = """
        Usage: actionhub <command> [options]

        Commands:
          serve          Run the HTTP service (actionhub serve --help)
          routes check   Validate route files (actionhub routes --help)
          replay         Replay response fixtures against a server (actionhub replay --help)
          gen ios        Generate the iOS app's typed routes for ActionHubKit (actionhub gen --help)
          payload        Print an APNs payload for a category (actionhub payload --help)
          backup         Copy a live database, verified (actionhub backup --help)
          migrate        Create the database if missing and bring its schema up to date
          keys           Create, list and revoke service API keys (actionhub keys --help)
          tokens mint    Mint a per-user token for an app (actionhub tokens --help)
          webhooks       Manage webhook endpoints and their deliveries (actionhub webhooks --help)
          stats rebuild  Count the stored aggregates again from the events (actionhub stats --help)
          users erase    Erase everything stored about a user (actionhub users --help)
          --version      Print the version
        """

    /// Each command: its usage (printed with a usage error inside it) and what runs it.
    static let commands: [String: (usage: String, run: @Sendable (ArraySlice<String>) throws -> Int32)] = [
        "serve": (ServeCommand.usage, ServeCommand.run),
        "routes": (RoutesCheckCommand.usage, RoutesCheckCommand.runGroup),
        "replay": (ReplayCommand.usage, ReplayCommand.run),
        "gen": (GenerateCommand.usage, GenerateCommand.run),
        "payload": (PayloadCommand.usage, PayloadCommand.run),
        "backup": (BackupCommand.usage, BackupCommand.run),
        "migrate": (MigrateCommand.usage, MigrateCommand.run),
        "keys": (KeysCommand.usage, KeysCommand.run),
        "tokens": (TokensCommand.usage, TokensCommand.run),
        "webhooks": (WebhooksCommand.usage, WebhooksCommand.run),
        "stats": (StatsCommand.usage, StatsCommand.run),
        "users": (UsersCommand.usage, UsersCommand.run),
    ]

    static func main() {
        let words = CommandLine.arguments.dropFirst()
        var usageOfCommand = usage
        let status: Int32
        do {
            switch words.first {
            case let name? where commands[name] != nil:
                let command = commands[name]!
                usageOfCommand = command.usage
                status = try command.run(words.dropFirst())
            case "--version", "-V", "version":
                print("actionhub \(ActionHubVersion.current)")
                status = 0
            case "--help", "-h", "help":
                print(usage)
                status = 0
            default:
                throw UsageError(words.first.map { "unknown command \"\($0)\"" } ?? "no command given")
            }
        } catch let error as UsageError {
            printError("actionhub: \(error)\n\n\(usageLines(of: usageOfCommand))")
            status = 2
        } catch {
            printError("actionhub: \(error)")
            status = 1
        }
        exit(status)
    }
}

/// A command's usage lines (its help up to the first blank line) and where the rest is: what a
/// usage error shows, instead of the whole help.
func usageLines(of usage: String) -> String {
    guard usage != ActionHubCommand.usage else { return usage }
    let lines = usage.split(separator: "\n", omittingEmptySubsequences: false)
    let synopsis = lines.prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    let command = synopsis.first?.split(separator: " ").dropFirst(2).first.map(String.init) ?? ""
    return synopsis.joined(separator: "\n") + "\n(actionhub \(command) --help for more)"
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
