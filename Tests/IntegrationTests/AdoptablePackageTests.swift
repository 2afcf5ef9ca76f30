import Foundation
import Testing

/// ActionHubKit as an iOS team adds it: by version, from a tagged copy of this repository. SwiftPM
/// refuses unsafe build flags in any product a client takes by version, so this fails on a
/// manifest that puts them on a target the kit's product links.
@Suite("The package as an app adds it", .serialized)
struct AdoptablePackageTests {
    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `command` in `directory`; throws with its output when it fails.
    @discardableResult
    static func run(_ command: [String], in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        process.currentDirectoryURL = directory
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failed(description: "\(command.joined(separator: " ")) exited \(process.terminationStatus):\n\(text)")
        }
        return text
    }

    @Test func anAppPackageBuildsTheKitFromATaggedVersion() throws {
        let root = TemporaryDirectory.make()
        let library = root.appendingPathComponent("actionhub")
        // This checkout's manifest and sources as one tagged commit, as a release would be.
        try Self.run(["git", "init", "-q", library.path], in: root)
        for item in ["Package.swift", "Sources", "Tests", "Plugins"] {
            try FileManager.default.copyItem(
                at: ActionHubExecutable.packageRoot.appendingPathComponent(item),
                to: library.appendingPathComponent(item))
        }
        try Self.run(["git", "add", "-A"], in: library)
        try Self.run(
            ["git", "-c", "user.name=test", "-c", "user.email=test@example.com", "commit", "-qm", "release"],
            in: library)
        try Self.run(["git", "tag", "0.9.0"], in: library)

        let app = root.appendingPathComponent("app")
        try FileManager.default.createDirectory(
            at: app.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
        try """
        // swift-tools-version:6.0
        import PackageDescription

        let package = Package(
            name: "App",
            platforms: [.iOS(.v16), .macOS(.v15)],
            dependencies: [.package(url: "\(library.absoluteString)", from: "0.9.0")],
            targets: [.target(name: "App", dependencies: [.product(name: "ActionHubKit", package: "actionhub")])]
        )
        """.write(to: app.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try """
        import ActionHubKit

        public let routes = KitRoutes([])
        """.write(to: app.appendingPathComponent("Sources/App/App.swift"), atomically: true, encoding: .utf8)
        let built = try Self.run(["swift", "build", "--target", "App"], in: app)
        #expect(built.contains("Compiling ActionHubKit") || built.contains("Build of target: 'App' complete"))
    }
}
