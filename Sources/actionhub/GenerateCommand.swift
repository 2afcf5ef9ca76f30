import ActionHubDomain
import Codegen
import Foundation

/// `actionhub gen ios`: the app's Swift file, from the routes.
enum GenerateCommand {
    static let usage = """
        Usage: actionhub gen ios [--routes DIR] [--endpoint URL] [--out FILE] [--strings FILE]

        Writes the typed layer an iOS app needs for ActionHubKit, the library product of this
        package: one type per category with its action identifiers, the UNNotificationCategory to
        register (merged with the app's own by ActionHub.register), and ActionHubRoutes.kit, the
        route table the kit resolves deep links with. Its texts come from the string catalog
        ActionHub.xcstrings, written beside --out (or to --strings). Forwarding responses is the
        kit's (ActionHub.forward); the ActionHubForwarder delegate this command used to write is
        gone, and the app's notification delegate stays its own.

        Options:
          --routes DIR     route files (default ACTIONHUB_ROUTES, then ./routes)
          --endpoint URL   also emit ActionHubRoutes.server with this base URL
          --out FILE       the Swift file (default: standard output)
          --strings FILE   the string catalog (default: ActionHub.xcstrings beside --out)
        """

    static func run(_ words: ArraySlice<String>) throws -> Int32 {
        let arguments = try Arguments(words, known: ["routes", "endpoint", "out", "strings"])
        if arguments.wantsHelp {
            print(usage)
            return 0
        }
        guard arguments.positionals == ["ios"] else { throw UsageError("gen takes one target: ios") }
        let endpoint = arguments.options["endpoint"]
        if let endpoint {
            guard endpoint.hasPrefix("https://") || endpoint.hasPrefix("http://"), !endpoint.hasSuffix("/") else {
                throw UsageError("--endpoint must be an http(s) URL without a trailing slash")
            }
        }
        guard let routes = RouteFiles.load(RouteFiles.directory(arguments.options["routes"])) else { return 1 }
        let problems = SwiftNames.problems(in: routes)
        guard problems.isEmpty else {
            for problem in problems { printError(problem.description) }
            return 1
        }
        let source = IOSCodeGenerator(routes: routes, endpoint: endpoint).generate()
        let catalog = StringCatalog(routes: routes).document()
        let out = arguments.options["out"]
        if let out {
            try Data(source.utf8).write(to: URL(fileURLWithPath: out), options: .atomic)
        } else {
            FileHandle.standardOutput.write(Data(source.utf8))
        }
        let strings =
            arguments.options["strings"]
            ?? out.map {
                URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent("ActionHub.xcstrings").path
            }
        if let strings {
            try Data(catalog.utf8).write(to: URL(fileURLWithPath: strings), options: .atomic)
        }
        return 0
    }
}
