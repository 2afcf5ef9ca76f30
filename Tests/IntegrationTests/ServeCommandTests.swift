import Foundation
import HTTPClient
import JSON
import TestSupport
import Testing

@Suite("actionhub serve as a process")
struct ServeCommandTests {
    @Test func sigtermExitsZeroClosesTheDatabaseAndKeepsWhatWasAnswered() throws {
        let server = try ServerProcess()
        let id = UUID().uuidString
        let created = try RequestBodies.post(RequestBodies.response(id: id), to: server.client)
        #expect(created.status == 201)
        #expect(server.stop(signal: SIGTERM) == 0)
        // A clean close checkpoints the WAL into the database and removes it.
        #expect(!FileManager.default.fileExists(atPath: server.databasePath + "-wal"))

        let restarted = try ServerProcess(databasePath: server.databasePath, adminKey: server.adminKey)
        let stored = try restarted.client.send(method: "GET", path: "/v1/responses/\(id)")
        #expect(stored.status == 200)
        #expect(stored.body == created.body)
        #expect(restarted.stop(signal: SIGINT) == 0)
    }

    @Test func fourThreadsServeSQLiteUnlessToldOtherwise() throws {
        let server = try ServerProcess()
        #expect(server.stop() == 0)
        #expect(server.standardError.contains(#""threads":4"#))
        let told = try ServerProcess(arguments: ["--threads", "7"])
        #expect(told.stop() == 0)
        #expect(told.standardError.contains(#""threads":7"#))
        let outcome = try ActionHubExecutable.run(["serve", "--port", "0", "--threads", "many"])
        #expect(outcome.status != 0)
        #expect(outcome.standardError.contains("--threads"))
    }

    @Test func aSignalRightAfterTheListeningLineIsNeverLost() throws {
        for signal in [SIGTERM, SIGINT, SIGTERM, SIGINT, SIGTERM] {
            #expect(try ServerProcess().stop(signal: signal) == 0)
        }
    }

    @Test func anAnsweredEventSurvivesKill9() throws {
        let server = try ServerProcess()
        let ids = (0..<20).map { _ in UUID().uuidString }
        for id in ids {
            #expect(try RequestBodies.post(RequestBodies.response(id: id), to: server.client).status == 201)
        }
        _ = server.stop(signal: SIGKILL)

        let restarted = try ServerProcess(databasePath: server.databasePath, adminKey: server.adminKey)
        for id in ids {
            #expect(try restarted.client.send(method: "GET", path: "/v1/responses/\(id)").status == 200)
        }
    }

    @Test func aBrokenRouteFileStopsStartUpNamingFileAndField() throws {
        let directory = TemporaryDirectory.make()
        let broken = #"{"category": "c", "actions": [{"identifier": "a", "title": "A", "handler": "teleport"}]}"#
        try broken.write(to: directory.appendingPathComponent("broken.json"), atomically: true, encoding: .utf8)
        let outcome = try ActionHubExecutable.run([
            "serve", "--port", "0", "--routes", directory.path, "--database",
            directory.appendingPathComponent("db.sqlite").path,
        ])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("broken.json: actions[0].handler: unknown handler \"teleport\""))
        #expect(!outcome.standardOutput.contains("listening"))
    }

    /// The restore trap as an operator meets it: a backup restored without its secret file.
    @Test func aRestoreWithoutTheSecretFileRefusesToStartNamingTheFileAndTheFlag() throws {
        let first = try ServerProcess()
        #expect(first.stop() == 0)
        let file = first.databasePath + ".signing-secret"
        try FileManager.default.removeItem(atPath: file)
        let refused = try ActionHubExecutable.run(["serve", "--port", "0", "--database", first.databasePath])
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("the token signing secret file \(file) is missing"))
        #expect(refused.standardError.contains("--new-signing-secret makes a new one"))
        #expect(!FileManager.default.fileExists(atPath: file))
        let again = try ServerProcess(databasePath: first.databasePath, arguments: ["--new-signing-secret"])
        #expect(FileManager.default.fileExists(atPath: file))
        #expect(again.stop() == 0)
    }

    @Test func routesCheckAcceptsTheShippedRoutesAndRejectsABrokenOne() throws {
        let shipped = try ActionHubExecutable.run(["routes", "check"])
        #expect(shipped.status == 0)
        #expect(shipped.standardOutput.contains("2 categories, 12 actions, all valid"))

        let directory = TemporaryDirectory.make()
        let broken = #"""
            {"category": "c", "requiredUserInfo": ["postId"], "actions": [
              {"identifier": "like", "title": "Like", "handler": "like", "textInput": {"buttonTitle": "Go", "maxLength": 5}}]}
            """#
        try broken.write(to: directory.appendingPathComponent("c.json"), atomically: true, encoding: .utf8)
        let outcome = try ActionHubExecutable.run(["routes", "check", directory.path])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("c.json: actions[0].textInput: handler \"like\" takes no text"))
    }

    @Test func everyCommandHasHelpAndBadWordsExitTwo() throws {
        for command in [["serve"], ["routes", "check"], ["replay"], ["gen"], ["payload"]] {
            let outcome = try ActionHubExecutable.run(command + ["--help"])
            #expect(outcome.status == 0)
            #expect(outcome.standardOutput.hasPrefix("Usage: actionhub \(command.joined(separator: " "))"))
        }
        #expect(try ActionHubExecutable.run(["serve", "--colour", "red"]).status == 2)
        #expect(try ActionHubExecutable.run(["teleport"]).status == 2)
    }

    @Test func aPortInUseIsAClearError() throws {
        let server = try ServerProcess()
        let outcome = try ActionHubExecutable.run([
            "serve", "--port", String(server.port), "--database",
            TemporaryDirectory.make().appendingPathComponent("db.sqlite").path,
        ])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("bind(127.0.0.1:\(server.port)) failed: Address already in use"))
    }

    /// The first admin key is made once the port is bound and printed then: a start that failed
    /// on a busy port made none, so the next start on that database still prints one.
    @Test func aStartThatFailsOnABusyPortMakesNoAdminKeyNobodySaw() throws {
        let busy = try ServerProcess()
        let database = TemporaryDirectory.make().appendingPathComponent("db.sqlite").path
        let failed = try ActionHubExecutable.run(["serve", "--port", String(busy.port), "--database", database])
        #expect(failed.status == 1)
        #expect(!failed.standardOutput.contains("admin key"))
        let listed = try ActionHubExecutable.run(["keys", "list", "--database", database])
        #expect(listed.standardOutput.isEmpty, "a key was made that nobody saw: \(listed.standardOutput)")
        let next = try ServerProcess(databasePath: database)
        #expect(next.adminKey?.hasPrefix("ahk_") == true)
        #expect(next.stop() == 0)
        #expect(busy.stop() == 0)
    }
}
