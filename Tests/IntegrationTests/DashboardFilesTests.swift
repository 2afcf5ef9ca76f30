import Foundation
import HTTPClient
import TestSupport
import Testing

/// The dashboard's files are real files (`Sources/Dashboard/Resources`), embedded at build time:
/// the server answers each byte for byte, and its scripts parse (`node --check`).
@Suite struct DashboardFilesTests {
    static let resources = ActionHubExecutable.packageRoot.appendingPathComponent("Sources/Dashboard/Resources")
    static let served = [
        ("/dashboard", "dashboard.html"), ("/dashboard/dashboard.js", "dashboard.js"),
        ("/dashboard/subjects.js", "subjects.js"), ("/dashboard/funnel.js", "funnel.js"),
        ("/dashboard/dashboard.css", "dashboard.css"),
        ("/dashboard/favicon.svg", "favicon.svg"),
    ]

    @Test func theServerAnswersEachFileAsItIs() throws {
        let server = try LiveServer()
        for (path, file) in Self.served {
            let response = try server.anonymousClient.send(method: "GET", path: path)
            #expect(response.status == 200, "\(path)")
            let contents = try Data(contentsOf: Self.resources.appendingPathComponent(file))
            #expect(response.body == Array(contents), "\(path) differs from \(file)")
        }
    }

    @Test func theScriptsParse() throws {
        for file in ["dashboard.js", "subjects.js", "funnel.js"] {
            let node = Process()
            node.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            node.arguments = ["node", "--check", Self.resources.appendingPathComponent(file).path]
            let errors = Pipe()
            node.standardError = errors
            try node.run()
            node.waitUntilExit()
            let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(node.terminationStatus == 0, "node --check \(file): \(output)")
        }
    }
}
