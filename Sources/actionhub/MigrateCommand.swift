import ActionHubService
import Foundation

/// `actionhub migrate`: the one command besides `serve` that creates a database.
enum MigrateCommand {
    static let usage = """
        Usage: actionhub migrate [--database PATH|URL]

        Creates the database if there is none and applies the schema migrations it lacks, then
        exits; `serve` does the same at every start. Use it to make a database before the first
        serve (to create keys or webhooks in it) or, on PostgreSQL, to migrate once before rolling
        new instances out. --database defaults to ACTIONHUB_DATABASE, then ./actionhub.sqlite.
        """

    static func run(_ words: ArraySlice<String>) throws -> Int32 {
        let arguments = try Arguments(words, known: ["database"])
        if arguments.wantsHelp {
            print(usage)
            return 0
        }
        guard arguments.positionals.isEmpty else { throw UsageError("migrate takes no positional arguments") }
        let location = try DatabaseOption.location(arguments)
        _ = try location.open()
        print("\(location.description): schema up to date")
        return 0
    }
}
