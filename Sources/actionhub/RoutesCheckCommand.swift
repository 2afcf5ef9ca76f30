import ActionHub

/// `actionhub routes check [DIR]`: exit 0 when every route file is valid, else 1 with each problem.
enum RoutesCheckCommand {
    static let usage = """
        Usage: actionhub routes check [DIR]

        Validates every .json file in DIR (default ./routes). Prints each problem as
        FILE: FIELD: MESSAGE and exits 1 when there is one.
        """

    static func run(_ words: ArraySlice<String>) throws -> Int32 {
        let arguments = try Arguments(words, known: [])
        if arguments.wantsHelp {
            print(usage)
            return 0
        }
        guard arguments.positionals.count <= 1 else { throw UsageError("routes check takes one directory") }
        let directory = arguments.positionals.first ?? "routes"
        do {
            let table = try RouteLoader(handlers: .standard).load(directory: directory)
            let actionCount = table.categories.reduce(0) { $0 + $1.actions.count }
            print("\(directory): \(table.categories.count) categories, \(actionCount) actions, all valid")
            return 0
        } catch {
            for problem in error.errors { printError(problem.description) }
            return 1
        }
    }
}
