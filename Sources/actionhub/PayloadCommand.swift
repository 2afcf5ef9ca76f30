import Codegen
import Foundation

/// `actionhub payload CATEGORY …`: an APNs payload for a routed category.
enum PayloadCommand {
    static let usage = """
        Usage: actionhub payload CATEGORY --user-info KEY=VALUE ... [--title T] [--body B]
                                 [--media-url URL] [--simulator-bundle BUNDLE_ID] [--routes DIR]

        Prints an APNs payload for CATEGORY: aps.category, aps.alert, the userInfo keys, and
        aps.mutable-content: 1 with --media-url. Refuses (exit 1) an unknown category, a missing
        required userInfo key, or a payload over 4096 bytes. With --simulator-bundle it prints a
        .apns file for `xcrun simctl push`.
        """

    static func run(_ words: ArraySlice<String>) throws -> Int32 {
        let arguments = try Arguments(
            words, known: ["title", "body", "media-url", "simulator-bundle", "routes"], repeatable: ["user-info"])
        if arguments.wantsHelp {
            print(usage)
            return 0
        }
        guard arguments.positionals.count == 1, let category = arguments.positionals.first else {
            throw UsageError("payload takes one category")
        }
        let userInfo = try (arguments.lists["user-info"] ?? []).map { pair throws(UsageError) in
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw UsageError("--user-info takes KEY=VALUE, not \"\(pair)\"")
            }
            return (key: String(pair[..<equals]), value: String(pair[pair.index(after: equals)...]))
        }
        guard let routes = RouteFiles.load(arguments.options["routes"] ?? "routes") else { return 1 }
        let payload = APNsPayload(
            category: category, userInfo: userInfo, title: arguments.options["title"], body: arguments.options["body"],
            mediaURL: arguments.options["media-url"])
        do {
            let json = try payload.json(routes: routes, simulatorBundle: arguments.options["simulator-bundle"])
            print(json)
            return 0
        } catch {
            printError("actionhub payload: \(error)")
            return 1
        }
    }
}
