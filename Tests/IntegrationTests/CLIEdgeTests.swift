import Foundation
import TestSupport
import Testing

/// The sharp edges an operator meets on the command line, each with the exact words it prints.
@Suite("Command-line edges")
struct CLIEdgeTests {
    static func database() -> String { TemporaryDirectory.make().appendingPathComponent("db.sqlite").path }

    @Test func writeCommandsNeverCreateADatabaseAndMigrateDoes() throws {
        let path = Self.database()
        let expected =
            "actionhub: no database at \(path) (check --database or ACTIONHUB_DATABASE); this command does not "
            + "create one: `actionhub serve` or `actionhub migrate` does\n"
        for words in [
            ["keys", "create", "--scope", "admin"], ["webhooks", "create", "--url", "http://127.0.0.1:9/hooks"],
            ["webhooks", "list"], ["stats", "rebuild"],
        ] {
            let refused = try ActionHubExecutable.run(words + ["--database", path])
            #expect(refused.status == 1, "\(words)")
            #expect(refused.standardError == expected, "\(words)")
            #expect(!FileManager.default.fileExists(atPath: path), "\(words) created the database")
        }
        let migrated = try ActionHubExecutable.run(["migrate", "--database", path])
        #expect(migrated.status == 0)
        #expect(migrated.standardOutput == "\(path): schema up to date\n")
        let key = try ActionHubExecutable.run(["keys", "create", "--scope", "admin", "--database", path])
        #expect(key.status == 0)
        #expect(key.standardOutput.hasPrefix("ahk_"))
        let again = try ActionHubExecutable.run(["migrate", "--database", path])
        #expect(again.status == 0)
    }

    @Test func aUsageErrorInsideACommandIsNotCheckedAgainstTheDatabase() throws {
        let path = Self.database()
        let noScope = try ActionHubExecutable.run(["keys", "create", "--database", path])
        #expect(noScope.status == 2)
        #expect(noScope.standardError.hasPrefix("actionhub: keys create needs at least one --scope\n"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func pathProblemsAreSaidInWords() throws {
        let missing = TemporaryDirectory.make().appendingPathComponent("not-there").path
        let noDirectory = try ActionHubExecutable.run(["migrate", "--database", missing + "/db.sqlite"])
        #expect(noDirectory.status == 1)
        #expect(
            noDirectory.standardError
                == "actionhub: cannot use \(missing)/db.sqlite as the database: the directory \(missing) does not "
                + "exist (create it first)\n")

        let directory = TemporaryDirectory.make().path
        let isDirectory = try ActionHubExecutable.run(["migrate", "--database", directory])
        #expect(
            isDirectory.standardError
                == "actionhub: cannot use \(directory) as the database: it is a directory, not a database file\n")

        let serve = try ActionHubExecutable.run(["serve", "--port", "0", "--database", missing + "/db.sqlite"])
        #expect(serve.status == 1)
        #expect(serve.standardError.contains("the directory \(missing) does not exist (create it first)"))
        #expect(!serve.standardError.contains("SQLite error"))
    }

    /// Root may write any directory, so as root the place is a read-only tmpfs; as anyone else a
    /// directory without write permission.
    @Test func aPlaceThatCannotBeWrittenIsNamed() throws {
        let place = TemporaryDirectory.make()
        let expected: String
        if getuid() == 0 {
            let mounted = try Toolchain.run(
                "/usr/bin/env", ["mount", "-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", place.path])
            try #require(mounted.status == 0, "cannot mount a tmpfs: \(mounted.output)")
            expected = "on a read-only file system"
        } else {
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: place.path)
            expected = "not writable by this user (check its owner and mode)"
        }
        defer {
            if getuid() == 0 { _ = try? Toolchain.run("/usr/bin/env", ["umount", "-l", place.path]) }
        }
        let outcome = try ActionHubExecutable.run(["migrate", "--database", place.path + "/db.sqlite"])
        #expect(outcome.status == 1)
        #expect(
            outcome.standardError
                == "actionhub: cannot use \(place.path)/db.sqlite as the database: the directory \(place.path) is "
                + "\(expected) (SQLite keeps its -wal and -shm files beside the database)\n")
    }

    @Test func aMistypedSchemeIsNamedNotMadeAFile() throws {
        let flag = try ActionHubExecutable.run(["serve", "--database", "postgressql://actionhub@db/actionhub"])
        #expect(flag.status == 2)
        #expect(
            flag.standardError.hasPrefix(
                "actionhub: --database is \"postgressql://actionhub@db/actionhub\"; it names an unknown database URL "
                    + "scheme \"postgressql://\": use postgresql:// (or postgres://) for PostgreSQL, or a file path "
                    + "for SQLite\n"))
        let variable = try ActionHubExecutable.run(["keys", "list"], environment: ["ACTIONHUB_DATABASE": "mysql://x"])
        #expect(variable.status == 2)
        #expect(variable.standardError.hasPrefix("actionhub: ACTIONHUB_DATABASE is \"mysql://x\"; it names an unknown"))
    }

    @Test func aUsageErrorShowsTheUsageLinesNotTheWholeHelp() throws {
        let outcome = try ActionHubExecutable.run(["serve", "--bogus"])
        #expect(outcome.status == 2)
        #expect(
            outcome.standardError
                == "actionhub: unknown option --bogus\n\nUsage: actionhub serve [options]\n"
                + "(actionhub serve --help for more)\n")
        let help = try ActionHubExecutable.run(["serve", "--help"])
        #expect(help.standardOutput.split(separator: "\n").count > 40)
    }

    @Test func everyCommandReadingRoutesHonoursActionHubRoutes() throws {
        let routes = TemporaryDirectory.make()
        try Data(
            #"{"category": "order_update", "requiredUserInfo": ["orderId"], "subject": "orderId", "actions": [{"identifier": "track", "title": "Track", "handler": "record"}]}"#
                .utf8
        ).write(to: routes.appendingPathComponent("order_update.json"))
        let environment = ["ACTIONHUB_ROUTES": routes.path]
        let check = try ActionHubExecutable.run(
            ["routes", "check", "--apns", TemporaryDirectory.make().path], environment: environment)
        #expect(check.status == 0, "\(check.standardError)")
        #expect(check.standardOutput.contains("1 categories, 1 actions, all valid"))
        let payload = try ActionHubExecutable.run(
            ["payload", "order_update", "--user-info", "orderId=o-1", "--title", "Shipped"], environment: environment)
        #expect(payload.status == 0, "\(payload.standardError)")
        #expect(payload.standardOutput.contains(#""category":"order_update""#))
        let generated = try ActionHubExecutable.run(
            ["gen", "ios", "--out", TemporaryDirectory.make().appendingPathComponent("Routes.swift").path],
            environment: environment)
        #expect(generated.status == 0, "\(generated.standardError)")
        let unknownToShipped = try ActionHubExecutable.run(
            ["payload", "social_post", "--user-info", "postId=p-1", "--title", "T"], environment: environment)
        #expect(unknownToShipped.status == 1)
    }

    @Test func backupLeavesNoPartialFiles() throws {
        let path = Self.database()
        #expect(try ActionHubExecutable.run(["migrate", "--database", path]).status == 0)
        let folder = TemporaryDirectory.make()
        let copy = folder.appendingPathComponent("copy.sqlite").path
        let backup = try ActionHubExecutable.run(["backup", "--database", path, "--to", copy])
        #expect(backup.status == 0, "\(backup.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["copy.sqlite"])
    }

    @Test func replayWithARefusedCredentialPrintsOneHint() throws {
        let server = try ServerProcess()
        let url = "http://127.0.0.1:\(server.port)"
        let hint =
            "pass an admin API key with --token or ACTIONHUB_TOKEN (the first serve prints one; actionhub keys "
            + "create --scope admin makes another)\n"
        let refused = try ActionHubExecutable.run(
            ["replay", "fixtures/responses", "--url", url, "--token", "ahk_000000000000_wrong"])
        #expect(refused.status == 1)
        #expect(refused.standardError == "actionhub replay: \(url) refused the credential given (401): " + hint)
        #expect(refused.standardOutput.isEmpty)
        let without = try ActionHubExecutable.run(
            ["replay", "fixtures/responses", "--url", url], environment: ["ACTIONHUB_TOKEN": ""])
        #expect(without.status == 1)
        #expect(
            without.standardError == "actionhub replay: no credential given, so requests that need one get 401: " + hint
        )
    }
}
