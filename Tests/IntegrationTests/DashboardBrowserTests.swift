import Foundation
import HTTPClient
import TestSupport
import Testing

/// The dashboard in headless Chromium against a server filled by the fixtures and generated
/// events (Dashboard/dashboard_browser.py holds the checks). Screenshots at desktop and phone
/// widths are kept in .build/test-artefacts/dashboard.
@Suite struct DashboardBrowserTests {
    static let artefacts = ActionHubExecutable.packageRoot.appendingPathComponent(".build/test-artefacts/dashboard")

    @Test func theDashboardShowsWhatTheAPIAnswers() throws {
        let standIn = try APNsStandIn()
        let server = try ServerProcess(arguments: ["--rate-limit", "0"] + standIn.serveArguments())
        let key = try #require(server.adminKey)
        let replay = try ActionHubExecutable.run([
            "replay", ActionHubExecutable.packageRoot.appendingPathComponent("fixtures/responses").path, "--url",
            server.url, "--token", key,
        ])
        #expect(replay.status == 0, "\(replay.standardOutput)")
        let client = server.client
        for index in 0..<150 {
            let body = RequestBodies.response(
                user: "gen-\(index % 17)", post: "gen-p-\(index % 9)", text: index % 3 == 0 ? "reply \(index)" : nil)
            #expect(try RequestBodies.post(body, to: client).status == 201)
        }
        let hook = try client.send(
            method: "POST", path: "/v1/webhooks", headers: [("Content-Type", "application/json")],
            body: Array(#"{"url": "http://127.0.0.1:1/gone"}"#.utf8))
        #expect(hook.status == 201)
        #expect(try RequestBodies.post(RequestBodies.response(user: "after-hook"), to: client).status == 201)
        try Self.sendAPush(through: server)

        try FileManager.default.createDirectory(at: Self.artefacts, withIntermediateDirectories: true)
        let browser = Process()
        browser.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        browser.arguments = [
            "timeout", "240", "python3",
            ActionHubExecutable.packageRoot.appendingPathComponent(
                "Tests/IntegrationTests/Dashboard/dashboard_browser.py"
            )
            .path, server.url, key, Self.artefacts.path,
        ]
        let output = Pipe()
        browser.standardOutput = output
        browser.standardError = output
        try browser.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        browser.waitUntilExit()
        #expect(
            browser.terminationStatus == 0,
            "the browser checks failed (they need Debian's chromium and Playwright from PyPI, which scripts/test installs):\n\(printed)"
        )
        #expect(
            FileManager.default.fileExists(atPath: Self.artefacts.appendingPathComponent("dashboard-phone.png").path))
    }

    /// A push to three users' devices, two receipts and two presses, for the funnel.
    static func sendAPush(through server: ServerProcess) throws {
        var tokens: [String] = []
        for user in ["push-1", "push-2", "push-3"] {
            tokens.append(PushSendingTests.token("01"))
            try PushSendingTests.register(tokens.last!, user: user, on: server)
        }
        let (_, answer) = try PushSendingTests.send(
            #"{\#(PushSendingTests.socialPost), "to": {"users": ["push-1", "push-2", "push-3"]}}"#, to: server)
        let id = try #require(answer["id"]?.stringValue)
        _ = try PushSendingTests.settled(id, on: server)
        for token in tokens.prefix(2) {
            #expect(try PushFunnelTests.delivered(id, token: token, by: server.client).0 == 200)
        }
        for (user, action) in [("push-1", "like"), ("push-2", "reply")] {
            let status = try PushFunnelTests.respond(
                action, push: id, user: user, respondedAt: Date().addingTimeInterval(5),
                text: action == "reply" ? "Nice" : nil, to: server)
            #expect(status == 201)
        }
    }
}
