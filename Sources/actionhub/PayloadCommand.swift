import Codegen
import Foundation

/// `actionhub payload CATEGORY …`: an APNs payload for a routed category.
enum PayloadCommand {
    static let usage = """
        Usage: actionhub payload CATEGORY --user-info KEY=VALUE ... [--title T] [--subtitle S] [--body B]
                                 [--media-url URL] [--sound NAME] [--badge N] [--thread-id ID]
                                 [--interruption-level passive|active|time-sensitive|critical]
                                 [--simulator-bundle BUNDLE_ID] [--routes DIR]

        Prints an APNs payload for CATEGORY: aps.category, aps.alert, the userInfo keys, and
        aps.mutable-content: 1 with --media-url. Without --title or --body iOS shows no alert, and
        so none of the category's buttons: it warns. Refuses (exit 1) an unknown category, a missing
        required userInfo key, or a payload over 4096 bytes. With --simulator-bundle it prints a
        .apns file for `xcrun simctl push`. --routes defaults to ACTIONHUB_ROUTES, then ./routes.
        """

    static func run(_ words: ArraySlice<String>) throws -> Int32 {
        let arguments = try Arguments(
            words,
            known: [
                "title", "subtitle", "body", "media-url", "sound", "badge", "thread-id", "interruption-level",
                "simulator-bundle", "routes",
            ], repeatable: ["user-info"])
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
        guard let routes = RouteFiles.load(RouteFiles.directory(arguments.options["routes"])) else { return 1 }
        var badge: Int?
        if let text = arguments.options["badge"] {
            guard let number = Int(text), number >= 0 else { throw UsageError("--badge takes a whole number") }
            badge = number
        }
        let payload = APNsPayload(
            category: category, userInfo: userInfo, title: arguments.options["title"], body: arguments.options["body"],
            mediaURL: arguments.options["media-url"], subtitle: arguments.options["subtitle"],
            sound: arguments.options["sound"], badge: badge, threadId: arguments.options["thread-id"],
            interruptionLevel: arguments.options["interruption-level"])
        if payload.showsNoAlert {
            printError("actionhub payload: warning: no --title or --body: iOS shows no alert, and so no buttons")
        }
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
