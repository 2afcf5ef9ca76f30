import ActionHubService
import Foundation
import HTTPClient
import JSON
import TestSupport
import Testing

/// docs/routes-and-handlers.md's minimal Python backend for `call` routes, run as written there: it verifies the
/// signature with `standardwebhooks`, accepts while seats last, refuses after, and answers a
/// retry of a webhook-id the same.
@Suite struct DocsCallBackendTests {
    static func readmeBackend() throws -> String {
        let readme = try String(
            contentsOf: ActionHubExecutable.packageRoot.appendingPathComponent("docs/routes-and-handlers.md"),
            encoding: .utf8)
        guard let marker = readme.range(of: "<!-- tested: call backend -->\n```python\n"),
            let end = readme.range(of: "\n```", range: marker.upperBound..<readme.endIndex)
        else { throw Missing() }
        return String(readme[marker.upperBound..<end.lowerBound])
    }

    struct Missing: Error {}

    @Test func theReadmesBackendAcceptsRefusesAndIsNotAskedAgainForAReplay() throws {
        let directory = TemporaryDirectory.make()
        let script = directory.appendingPathComponent("backend.py")
        try Self.readmeBackend().write(to: script, atomically: true, encoding: .utf8)
        let secret = "whsec_" + Data((0..<32).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        let secretFile = directory.appendingPathComponent("call-secret")
        try secret.write(to: secretFile, atomically: true, encoding: .utf8)
        let port = try #require(PostgreSQLCluster.freePort())

        let backend = Process()
        backend.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        backend.arguments = ["python3", script.path]
        backend.environment = ProcessInfo.processInfo.environment.merging(
            ["ACTIONHUB_CALL_SECRET": secret, "PORT": String(port)]) { $1 }
        try backend.run()
        defer {
            kill(backend.processIdentifier, SIGKILL)
            backend.waitUntilExit()
        }
        let deadline = Date().addingTimeInterval(10)
        while (try? HTTPClient(host: "127.0.0.1", port: port).send(method: "GET", path: "/")) == nil, Date() < deadline
        {
            usleep(20_000)
        }

        let routes = directory.appendingPathComponent("routes")
        try FileManager.default.createDirectory(at: routes, withIntermediateDirectories: true)
        try #"""
        {"category": "meeting_invite", "requiredUserInfo": ["meetingId"], "subject": "meetingId", "actions": [
          {"identifier": "accept", "title": "Accept", "handler": "call", "url": "http://127.0.0.1:\#(port)/rsvp", "timeout": 2}]}
        """#.write(to: routes.appendingPathComponent("meeting_invite.json"), atomically: true, encoding: .utf8)
        let server = try LiveServer(
            rateLimit: 0, routes: routes.path, calls: CallSecret.Settings(file: secretFile.path))

        func accept(id: String, user: String) throws -> HTTPClientResponse {
            try RequestBodies.post(
                Array(
                    #"""
                    {"id": "\#(id)", "actionIdentifier": "accept", "userId": "\#(user)",
                     "notification": {"identifier": "push-1", "categoryIdentifier": "meeting_invite",
                      "date": "2026-12-03T09:00:00Z", "userInfo": {"meetingId": "m-1"}}}
                    """#.utf8), to: server.client)
        }
        let first = UUID().uuidString
        let accepted = try accept(id: first, user: "u-1")
        #expect(accepted.status == 201)
        #expect(
            try JSONParser().parse(accepted.body)["result"]
                == .object(["accepted": .bool(true), "seatsLeft": JSONValue(0)]))
        let full = try accept(id: UUID().uuidString, user: "u-2")
        #expect(full.status == 422)
        let problem = try JSONParser().parse(full.body)
        #expect(problem["title"] == .string("Meeting full"))
        #expect(problem["detail"] == .string("No seats are left in m-1."))
        // The app's retry of the first is answered from storage (the backend's seats are gone).
        let replay = try accept(id: first, user: "u-1")
        #expect(replay.status == 200)
        #expect(replay.body == accepted.body)
    }
}
