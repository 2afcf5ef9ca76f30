import ActionHubDomain
import Codegen
import Foundation
import JSON
import TestSupport
import Testing

@Suite struct IOSCodeGeneratorTests {
    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let packageRoot = here.deletingLastPathComponent().deletingLastPathComponent()
    static let endpoint = "https://actionhub.example.com"

    static func routes(_ directory: String) throws -> RouteTable {
        try RouteLoader(handlers: .standard).load(directory: directory)
    }

    static let shipped = packageRoot.appendingPathComponent("routes").path
    static let everyOption = here.appendingPathComponent("Routes/every-option").path

    /// Compares with the golden file; `ACTIONHUB_UPDATE_GOLDEN=1 swift test` writes it instead.
    func expectGolden(_ generated: String, _ name: String) throws {
        let url = Self.here.appendingPathComponent("Golden/\(name)")
        if ProcessInfo.processInfo.environment["ACTIONHUB_UPDATE_GOLDEN"] == "1" {
            try generated.write(to: url, atomically: true, encoding: .utf8)
        }
        let golden = try String(contentsOf: url, encoding: .utf8)
        #expect(generated == golden, "differs from Golden/\(name); regenerate with ACTIONHUB_UPDATE_GOLDEN=1")
    }

    @Test func shippedRoutesMatchTheGoldenFile() throws {
        let source = IOSCodeGenerator(routes: try Self.routes(Self.shipped), endpoint: Self.endpoint).generate()
        try expectGolden(source, "social_post.swift.golden")
    }

    @Test func everyOptionMatchesTheGoldenFileAndMapsEachOption() throws {
        let source = IOSCodeGenerator(routes: try Self.routes(Self.everyOption), endpoint: Self.endpoint).generate()
        try expectGolden(source, "every-option.swift.golden")
        #expect(
            source.contains(
                "options: [.customDismissAction, .allowInCarPlay, .hiddenPreviewsShowTitle, .hiddenPreviewsShowSubtitle, .allowAnnouncement]"
            ))
        #expect(source.contains("options: [.authenticationRequired, .destructive, .foreground]"))
        #expect(source.contains(#"title: "Answer \"now\" \\ 💬""#))
        #expect(source.contains(#"textInputPlaceholder: "Say \"hi\"\nor not""#))
        #expect(source.contains(#"static let _1stClass = "1st-class""#))
        // Apple's own identifiers are delivered by iOS, never registered as buttons.
        #expect(!source.contains("UNNotificationAction(identifier: \"com.apple"))
        #expect(source.contains(#"URL(string: "https://actionhub.example.com/v1/responses")"#))
    }

    @Test(arguments: ["routes", "every-option"])
    func theGeneratedFileParsesAsSwift(_ set: String) throws {
        let directory = set == "routes" ? Self.shipped : Self.everyOption
        let source = IOSCodeGenerator(routes: try Self.routes(directory), endpoint: Self.endpoint).generate()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ActionHub-\(UUID().uuidString).swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let result = try Toolchain.run("swiftc", ["-parse", file.path])
        #expect(result.status == 0, "\(result.output)")
    }

    /// Compiles the generated Foundation-only body builder on its own, runs it with the values a
    /// `UNNotificationResponse` would give, and decodes the body with the server's validator.
    @Test func theForwarderBuildsBodiesTheServerAccepts() throws {
        let routes = try Self.routes(Self.shipped)
        let source = IOSCodeGenerator(routes: routes, endpoint: Self.endpoint).generate()
        let start = try #require(source.range(of: IOSCodeGenerator.bodyBuilderStart))
        let end = try #require(source.range(of: IOSCodeGenerator.bodyBuilderEnd))
        let builder = String(source[start.lowerBound..<end.upperBound])
        let driver = #"""
            import Foundation
            let date = Date(timeIntervalSince1970: 1_796_029_200)
            let userInfo: [AnyHashable: Any] = [
                "aps": ["category": "social_post", "mutable-content": 1], "postId": "p-1",
                "media-url": "https://example.com/a.jpg",
            ]
            let body = try ActionHubRequestBody.make(
                id: UUID(uuidString: "8E3A3C1A-5B0F-4C2E-9B7D-2F1A6C0D9E11")!, actionIdentifier: "reply",
                userText: "Nice shot! 👍🏽", userId: "u-42", notificationIdentifier: "push-123",
                categoryIdentifier: "social_post", notificationDate: date, userInfo: userInfo,
                respondedAt: date.addingTimeInterval(5))
            FileHandle.standardOutput.write(body)
            """#
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("forwarder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try ("import Foundation\n" + builder + "\n").write(
            to: directory.appendingPathComponent("Body.swift"), atomically: true, encoding: .utf8)
        try driver.write(to: directory.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let binary = directory.appendingPathComponent("forwarder").path
        let compiled = try Toolchain.run(
            "swiftc",
            [
                directory.appendingPathComponent("Body.swift").path,
                directory.appendingPathComponent("main.swift").path,
                "-o", binary,
            ])
        #expect(compiled.status == 0, "\(compiled.output)")
        let ran = try Toolchain.run(binary, [])
        #expect(ran.status == 0)

        let event = try ResponseValidator(routes: routes).validate(
            try JSONParser().parse(Array(ran.output.utf8)), receivedAt: "2026-11-30T09:00:06.000Z")
        #expect(event.id == "8E3A3C1A-5B0F-4C2E-9B7D-2F1A6C0D9E11")
        #expect(event.action.handler == "reply")
        #expect(event.userText == "Nice shot! 👍🏽")
        #expect(event.postId == "p-1")
        #expect(event.notification.userInfo.keys.sorted() == ["media-url", "postId"])
        #expect(event.notification.date.hasPrefix("2026-11-30T09:00:00"))
        #expect(event.respondedAt?.hasPrefix("2026-11-30T09:00:05") == true)
    }
}
