import Foundation
import HTTPClient
import Replay

/// `actionhub replay DIR --url URL`: one line per fixture, then the tally; exit 1 on any failure.
enum ReplayCommand {
    static let usage = """
        Usage: actionhub replay DIR --url URL [--token CREDENTIAL]

        Sends every fixture in DIR (*.json) to the server at URL (http://HOST:PORT) and checks
        each answer. Prints "PASS name" or "FAIL name: why" per fixture, then "N passed, N failed".
        --token (or ACTIONHUB_TOKEN) is an API key or user token sent as Authorization: Bearer.
        """

    static func run(_ words: ArraySlice<String>) throws -> Int32 {
        let arguments = try Arguments(words, known: ["url", "token"])
        if arguments.wantsHelp {
            print(usage)
            return 0
        }
        guard arguments.positionals.count == 1, let directory = arguments.positionals.first else {
            throw UsageError("replay takes one fixture directory")
        }
        guard let url = arguments.options["url"] else { throw UsageError("replay needs --url") }
        let credential = (arguments.options["token"] ?? ProcessInfo.processInfo.environment["ACTIONHUB_TOKEN"])
            .flatMap { $0.isEmpty ? nil : $0 }
        let client = try HTTPClient(url: url, timeoutSeconds: 10)
        let fixtures = try Fixture.load(directory: directory)
        // One clear error for a server that is not there, instead of one failure per fixture.
        do {
            _ = try client.send(method: "GET", path: "/healthz")
        } catch {
            printError("actionhub replay: cannot reach \(url): \(error)")
            return 1
        }
        // And one hint for a credential the server refuses, instead of a 401 per fixture. Without
        // one, fixtures of open endpoints (/healthz) can still pass.
        let hint =
            "pass an admin API key with --token or ACTIONHUB_TOKEN (the first serve prints one; "
            + "actionhub keys create --scope admin makes another)"
        if let credential {
            let probe = try client.send(
                method: "GET", path: "/v1/categories", headers: [("Authorization", "Bearer \(credential)")])
            if probe.status == 401 {
                printError("actionhub replay: \(url) refused the credential given (401): \(hint)")
                return 1
            }
        } else {
            printError("actionhub replay: no credential given, so requests that need one get 401: \(hint)")
        }
        let runner = FixtureRunner(client: client, credential: credential)
        var failed = 0
        for fixture in fixtures {
            if let failure = runner.run(fixture) {
                failed += 1
                print("FAIL \(fixture.name): \(failure)")
            } else {
                print("PASS \(fixture.name)")
            }
        }
        print("\(fixtures.count - failed) passed, \(failed) failed")
        return failed == 0 ? 0 : 1
    }
}
