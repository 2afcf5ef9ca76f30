import Foundation
import TestSupport
import Testing

/// Mistakes on the command line get one clear error that names what is wrong, and the usage of
/// the command that was meant.
@Suite("Command-line errors")
struct CLIErrorTests {
    @Test func versionAndRoutesHelp() throws {
        let version = try ActionHubExecutable.run(["--version"])
        #expect(version.status == 0)
        #expect(version.standardOutput == "actionhub 0.1.0\n")
        let help = try ActionHubExecutable.run(["routes", "--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.hasPrefix("Usage: actionhub routes check"))
    }

    @Test func anErrorInsideACommandShowsThatCommandsUsage() throws {
        let missingPort = try ActionHubExecutable.run(["serve", "--port", "--database", "x"])
        #expect(missingPort.status == 2)
        #expect(missingPort.standardError.contains("--port needs a value"))
        #expect(missingPort.standardError.contains("Usage: actionhub serve"))
        let keys = try ActionHubExecutable.run([
            "keys", "frobnicate", "--database", TemporaryDirectory.make().appendingPathComponent("db.sqlite").path,
        ])
        #expect(keys.status == 2)
        #expect(keys.standardError.contains("Usage: actionhub keys"))
        #expect(!keys.standardError.contains("Commands:"))
    }

    @Test func commandsThatReadNeverCreateADatabaseFromATypo() throws {
        let typo = TemporaryDirectory.make().appendingPathComponent("typo.sqlite").path
        for words in [["keys", "list"], ["keys", "revoke", "abc"], ["tokens", "mint", "--user", "u", "--ttl", "1h"]] {
            let outcome = try ActionHubExecutable.run(words + ["--database", typo])
            #expect(outcome.status == 1, "\(words)")
            #expect(outcome.standardError.contains("no database at \(typo)"), "\(words): \(outcome.standardError)")
            #expect(!FileManager.default.fileExists(atPath: typo), "\(words) created the database")
        }
        let unopenable = "/nonexistent-\(UUID().uuidString)/db.sqlite"
        let serve = try ActionHubExecutable.run(["serve", "--port", "0", "--database", unopenable])
        #expect(serve.status == 1)
        #expect(serve.standardError.contains(unopenable))
    }

    @Test func replayAgainstNothingIsOneError() throws {
        let port = try #require(PostgreSQLCluster.freePort())
        let replay = try ActionHubExecutable.run(["replay", "fixtures/responses", "--url", "http://127.0.0.1:\(port)"])
        #expect(replay.status == 1)
        #expect(replay.standardError.split(separator: "\n").count == 1)
        #expect(replay.standardError.contains("cannot reach"))
        #expect(!replay.standardOutput.contains("FAIL"))
    }

    @Test func payloadWarnsWithoutAnAlertAndTakesApsOptions() throws {
        let silent = try ActionHubExecutable.run([
            "payload", "social_post", "--user-info", "postId=p-1", "--sound", "default", "--badge", "3",
            "--thread-id", "post-p-1", "--interruption-level", "time-sensitive", "--subtitle", "from Anna",
        ])
        #expect(silent.status == 0)
        #expect(silent.standardError.contains("warning: no --title or --body"))
        #expect(
            silent.standardOutput
                == #"{"aps":{"alert":{"subtitle":"from Anna"},"category":"social_post","sound":"default","badge":3,"thread-id":"post-p-1","interruption-level":"time-sensitive"},"postId":"p-1"}"#
                + "\n")
        let loud = try ActionHubExecutable.run([
            "payload", "social_post", "--user-info", "postId=p-1", "--title", "T", "--interruption-level", "loud",
        ])
        #expect(loud.status == 1)
        #expect(loud.standardError.contains("interruption level \"loud\""))
        #expect(
            try ActionHubExecutable.run(["payload", "social_post", "--user-info", "postId=p-1", "--badge", "x"]).status
                == 2)
    }
}
