import Foundation

/// `actionhub serve | routes check | replay`.
@main
enum ActionHubCommand {
    static let usage = """
        Usage: actionhub <command> [options]

        Commands:
          serve          Run the HTTP service (actionhub serve --help)
          routes check   Validate route files (actionhub routes check --help)
          replay         Replay response fixtures against a server (actionhub replay --help)
          gen ios        Generate the iOS app's registration and forwarder (actionhub gen --help)
          payload        Print an APNs payload for a category (actionhub payload --help)
          backup         Copy a live database, verified (actionhub backup --help)
          keys           Create, list and revoke service API keys (actionhub keys --help)
          tokens mint    Mint a per-user token for an app (actionhub tokens --help)
        """

    static func main() {
        let words = CommandLine.arguments.dropFirst()
        let status: Int32
        do {
            switch words.first {
            case "serve": status = try ServeCommand.run(words.dropFirst())
            case "routes" where words.dropFirst().first == "check":
                status = try RoutesCheckCommand.run(words.dropFirst(2))
            case "replay": status = try ReplayCommand.run(words.dropFirst())
            case "gen": status = try GenerateCommand.run(words.dropFirst())
            case "payload": status = try PayloadCommand.run(words.dropFirst())
            case "backup": status = try BackupCommand.run(words.dropFirst())
            case "keys": status = try KeysCommand.run(words.dropFirst())
            case "tokens": status = try TokensCommand.run(words.dropFirst())
            case "--help", "-h", "help":
                print(usage)
                status = 0
            default:
                throw UsageError(words.first.map { "unknown command \"\($0)\"" } ?? "no command given")
            }
        } catch let error as UsageError {
            printError("actionhub: \(error)\n\n\(usage)")
            status = 2
        } catch {
            printError("actionhub: \(error)")
            status = 1
        }
        exit(status)
    }
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
