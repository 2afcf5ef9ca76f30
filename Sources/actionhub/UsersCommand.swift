import API
import ActionHubDomain
import ActionHubService
import Foundation
import JSON

/// `actionhub users erase --user U`: a person's data erased on request (GDPR Art. 17).
enum UsersCommand {
    static let usage = """
        Usage: actionhub users erase --user USER [--database PATH|URL]

        Erases everything stored about USER, as DELETE /v1/users/{userId} does: events with their
        texts, likes, replies, set memberships, choices, list entries, and the webhook deliveries
        of those events. The stats keep their counts without USER; a retried erased event is
        answered 410. Prints the receipt as JSON (zero counts when nothing was stored). Safe
        beside a running serve. --database defaults to ACTIONHUB_DATABASE, then ./actionhub.sqlite.
        """

    static func run(_ words: ArraySlice<String>) throws -> Int32 {
        let arguments = try Arguments(words, known: ["user", "database"])
        if arguments.wantsHelp {
            print(usage)
            return 0
        }
        guard arguments.positionals == ["erase"] else { throw UsageError("users takes erase") }
        guard let user = arguments.options["user"], ResponseValidator.isIdentifier(user) else {
            throw UsageError("users erase needs --user with a non-empty identifier of at most 256 bytes")
        }
        let receipt = try DatabaseOption.location(arguments).open(creating: false).withResponseStore {
            try $0.erase(userId: user, at: Date())
        }
        print(JSONValue.object(receipt.json).serialized())
        return 0
    }
}
