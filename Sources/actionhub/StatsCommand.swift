import ActionHubService
import Foundation

/// `actionhub stats rebuild`: the stored aggregates counted again from the events.
enum StatsCommand {
    static let usage = """
        Usage: actionhub stats rebuild [--database PATH|URL]

        Replaces the aggregates /v1/stats and the dashboard read (responses and distinct users per
        action per minute, hour and day; likes and replies per post) with a recount of the stored
        events, in one transaction. Safe beside a running serve: its commits wait for the recount
        and are counted once. --database defaults to ACTIONHUB_DATABASE, then ./actionhub.sqlite.
        """

    static func run(_ words: ArraySlice<String>) throws -> Int32 {
        let arguments = try Arguments(words, known: ["database"])
        if arguments.wantsHelp {
            print(usage)
            return 0
        }
        guard arguments.positionals == ["rebuild"] else { throw UsageError("stats takes rebuild") }
        let started = ContinuousClock.now
        try DatabaseOption.location(arguments).open(creating: false).rebuildStats()
        let elapsed = ContinuousClock.now - started
        print("rebuilt the stored aggregates in \(elapsed.formatted(.units(allowed: [.seconds, .milliseconds])))")
        return 0
    }
}
