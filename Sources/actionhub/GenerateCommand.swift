import ActionHubDomain
import Codegen
import Foundation

/// `actionhub gen ios`: the app's Swift file, from the routes.
enum GenerateCommand {
    static let usage = """
        Usage: actionhub gen ios [--routes DIR] [--endpoint URL] [--out FILE]

        Writes one Swift file for the iOS app: the UNNotificationCategory registration for every
        route, and ActionHubForwarder, the UNUserNotificationCenterDelegate that sends each
        response to ActionHub reliably and hands back its outcome.

        Options:
          --routes DIR     route files (default ./routes)
          --endpoint URL   the server the app talks to (default http://127.0.0.1:8080)
          --out FILE       where to write it (default: standard output)
        """

    static func run(_ words: ArraySlice<String>) throws -> Int32 {
        let arguments = try Arguments(words, known: ["routes", "endpoint", "out"])
        if arguments.wantsHelp {
            print(usage)
            return 0
        }
        guard arguments.positionals == ["ios"] else { throw UsageError("gen takes one target: ios") }
        let endpoint = arguments.options["endpoint"] ?? "http://127.0.0.1:8080"
        guard endpoint.hasPrefix("https://") || endpoint.hasPrefix("http://"), !endpoint.hasSuffix("/") else {
            throw UsageError("--endpoint must be an http(s) URL without a trailing slash")
        }
        guard let routes = RouteFiles.load(arguments.options["routes"] ?? "routes") else { return 1 }
        let source = IOSCodeGenerator(routes: routes, endpoint: endpoint).generate()
        if let out = arguments.options["out"] {
            try Data(source.utf8).write(to: URL(fileURLWithPath: out), options: .atomic)
        } else {
            FileHandle.standardOutput.write(Data(source.utf8))
        }
        return 0
    }
}
