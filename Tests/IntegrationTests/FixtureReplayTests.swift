import Foundation
import HTTPClient
import JSON
import Replay
import Testing

@Suite("Fixtures replayed over HTTP against the real server")
struct FixtureReplayTests {
    static let fixtureDirectory = ActionHubExecutable.packageRoot.appendingPathComponent("fixtures/responses").path

    @Test func everyFixturePassesAgainstAFreshServer() throws {
        let fixtures = try Fixture.load(directory: Self.fixtureDirectory)
        #expect(fixtures.count >= 25)
        let server = try ServerProcess()
        let runner = FixtureRunner(client: server.anonymousClient, credential: server.adminKey)
        for fixture in fixtures {
            let failure = runner.run(fixture)
            #expect(failure == nil, "\(fixture.name): \(failure ?? "")")
        }
        #expect(server.stop() == 0)
    }

    @Test func fixturesRunAgainAgainstTheSameDatabase() throws {
        let server = try ServerProcess()
        let runner = FixtureRunner(client: server.anonymousClient, credential: server.adminKey)
        let fixtures = try Fixture.load(directory: Self.fixtureDirectory)
        for _ in 0..<2 {
            for fixture in fixtures {
                #expect(runner.run(fixture) == nil, "\(fixture.name)")
            }
        }
    }

    @Test func replayCommandPrintsALinePerFixtureAndTheTally() throws {
        let server = try ServerProcess()
        let outcome = try ActionHubExecutable.run([
            "replay", Self.fixtureDirectory, "--url", server.url, "--token", server.adminKey ?? "",
        ])
        let lines = outcome.standardOutput.split(separator: "\n")
        let count = try Fixture.load(directory: Self.fixtureDirectory).count
        #expect(outcome.status == 0)
        #expect(lines.count == count + 1)
        #expect(lines.last == "\(count) passed, 0 failed")
    }

    @Test func replayCommandFailsWhenAnAnswerDiffers() throws {
        let directory = TemporaryDirectory.make()
        let fixture = #"""
            {"name": "health says something else", "steps": [
              {"request": {"method": "GET", "path": "/healthz"}, "expect": {"status": 200, "body": {"status": "down"}}}]}
            """#
        try fixture.write(to: directory.appendingPathComponent("wrong.json"), atomically: true, encoding: .utf8)
        let server = try ServerProcess()
        let outcome = try ActionHubExecutable.run(["replay", directory.path, "--url", server.url])
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.contains("FAIL health says something else: step 1 (GET /healthz): $.status"))
        #expect(outcome.standardOutput.hasSuffix("0 passed, 1 failed\n"))
    }
}
