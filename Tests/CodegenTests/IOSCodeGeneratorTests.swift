import ActionHubDomain
import ActionHubKit
import ActionHubTesting
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

    static func set(_ name: String) -> String {
        name == "routes"
            ? packageRoot.appendingPathComponent("routes").path : here.appendingPathComponent("Routes/\(name)").path
    }

    /// Compares with the golden file; `ACTIONHUB_UPDATE_GOLDEN=1 swift test` writes it instead.
    func expectGolden(_ generated: String, _ name: String) throws {
        let url = Self.here.appendingPathComponent("Golden/\(name)")
        if ProcessInfo.processInfo.environment["ACTIONHUB_UPDATE_GOLDEN"] == "1" {
            try generated.write(to: url, atomically: true, encoding: .utf8)
        }
        let golden = try String(contentsOf: url, encoding: .utf8)
        #expect(generated == golden, "differs from Golden/\(name); regenerate with ACTIONHUB_UPDATE_GOLDEN=1")
    }

    @Test(arguments: ["routes", "every-option"])
    func generatedFilesMatchTheGoldenFiles(_ name: String) throws {
        let routes = try Self.routes(Self.set(name))
        try expectGolden(IOSCodeGenerator(routes: routes, endpoint: Self.endpoint).generate(), "\(name).swift.golden")
        try expectGolden(StringCatalog(routes: routes).document(), "\(name).xcstrings.golden")
    }

    @Test func everyOptionIsMappedAndEveryTextComesFromTheCatalog() throws {
        let routes = try Self.routes(Self.set("every-option"))
        let source = IOSCodeGenerator(routes: routes).generate()
        #expect(
            source.contains(
                "options: [.customDismissAction, .allowInCarPlay, .hiddenPreviewsShowTitle, .hiddenPreviewsShowSubtitle])"
            ))
        #expect(!source.contains("allowAnnouncement"), "deprecated: no effect, and a warning in the app")
        #expect(source.contains("options: [.authenticationRequired, .destructive, .foreground]"))
        #expect(source.contains(#"icon: UNNotificationActionIcon(systemImageName: "arrowshape.turn.up.left")"#))
        #expect(source.contains(#"defaultValue: "Answer \"now\" \\ 💬""#))
        #expect(source.contains(#"String(localized: "everything-at-once.hiddenPreviewsBodyPlaceholder""#))
        #expect(source.contains(#"case _1stClass = "1st-class""#))
        #expect(source.contains(#"case defaultAction = "com.apple.UNNotificationDefaultActionIdentifier""#))
        // Apple's own identifiers are delivered by iOS, never registered as buttons.
        #expect(!source.contains("identifier: Action.defaultAction"))
        #expect(!source.contains("ActionHubForwarder"))
        let catalog = StringCatalog(routes: routes)
        #expect(catalog.value("everything-at-once.answer.placeholder") == "Say \"hi\"\nor not")
        #expect(catalog.value("everything-at-once.categorySummaryFormat") == "%u new messages in %@")
        let document = try JSONParser().parse(Array(catalog.document().utf8))
        #expect(document["version"] == .string("1.0"))
        #expect(document["strings"]?.objectValue?.keys.count == catalog.entries.count)
    }

    /// The generated file type-checks in Swift 6 mode against ActionHubKit and the stand-in of
    /// UserNotifications that declares Apple's signatures.
    @Test(arguments: ["routes", "every-option"])
    func theGeneratedFileTypeChecksAgainstTheKit(_ name: String) throws {
        let source = IOSCodeGenerator(routes: try Self.routes(Self.set(name)), endpoint: Self.endpoint).generate()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("ActionHubRoutes.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let app = directory.appendingPathComponent("App.swift")
        // What an app writes in its own delegate, with the kit's Apple glue.
        try """
        import ActionHubKit
        import Foundation
        import UserNotifications

        func launch() async {
            await ActionHub.register(ActionHubRoutes.categories)
            _ = ActionHubRoutes.kit.categories.count
        }

        final class NotificationDelegate {
            let hub: ActionHub
            init(hub: ActionHub) { self.hub = hub }
            func didReceive(_ response: UNNotificationResponse) async -> URL? {
                await hub.forward(response)
            }
            func contentExtensionDidReceive(_ response: UNNotificationResponse) async -> Outcome? {
                await hub.forwardForFeedback(response)
            }
        }
        """.write(to: app, atomically: true, encoding: .utf8)
        // Once as a plain module, once as an app target with main-actor default isolation.
        for isolation in [[], ["-default-isolation", "MainActor"]] {
            let result = try AppleSDKStandIns.typeCheck([file, app], arguments: isolation)
            #expect(result.status == 0, "\(isolation): \(result.output)")
        }
    }

    @Test(arguments: [
        ("collisions-categories", "are both SocialPost"), ("collisions-actions", "are both like"),
        ("collisions-keyword", "becomes true"), ("collisions-type", "becomes String"),
    ])
    func routeSetsThatWouldNotCompileAreRefused(_ name: String, _ message: String) throws {
        let problems = SwiftNames.problems(in: try Self.routes(Self.set(name)))
        #expect(problems.contains { $0.message.contains(message) }, "\(problems)")
        #expect(SwiftNames.problems(in: try Self.routes(Self.set("every-option"))).isEmpty)
        #expect(SwiftNames.problems(in: try Self.routes(Self.set("routes"))).isEmpty)
    }

    @Test func deprecatedOptionsAreWarnedAbout() throws {
        let warnings = try Self.routes(Self.set("every-option")).warnings
        #expect(warnings.map(\.field) == ["options"])
        #expect(warnings.first?.message.contains("allowAnnouncement is deprecated") == true)
        #expect(try Self.routes(Self.set("routes")).warnings.isEmpty)
    }

    /// What the kit sends, the server's validator accepts; the link the kit opens on the device is
    /// the one the server answers with.
    @Test(arguments: ["p-1", "p 1/x", "ü?#%"])
    func theKitAndTheServerAgree(_ postId: String) throws {
        let routes = try Self.routes(Self.set("routes"))
        let kitRoutes = KitRoutes.socialPost
        let response = NotificationResponse(
            actionIdentifier: "com.apple.UNNotificationDefaultActionIdentifier", notificationIdentifier: "push-1",
            categoryIdentifier: "social_post", notificationDate: Date(timeIntervalSince1970: 1_796_029_200),
            userInfo: UserInfoValue.customKeys(of: [
                "aps": ["category": "social_post", "mutable-content": 1], "postId": postId,
                "media-url": "https://example.com/a.jpg", "badge": 3, "flag": true,
            ]))
        let body = try ResponseBody(
            id: "8E3A3C1A-5B0F-4C2E-9B7D-2F1A6C0D9E11", response: response, userId: "u-42",
            respondedAt: Date(timeIntervalSince1970: 1_796_029_205)
        ).encoded()
        let service = ResponseService(routes: routes, store: InMemoryResponseStore())
        let submission = try service.submit(try JSONParser().parse(Array(body))).wait().get()
        let answer = try JSONParser().parse(submission.body)
        #expect(answer["handler"] == .string("open-screen"))
        #expect(answer["result"]?["deepLink"]?.stringValue == kitRoutes.deepLink(for: response)?.absoluteString)
        let event = try ResponseValidator(routes: routes).validate(
            try JSONParser().parse(Array(body)), receivedAt: "2026-11-30T09:00:06.000Z")
        #expect(event.notification.userInfo.keys.sorted() == ["badge", "flag", "media-url", "postId"])
        #expect(event.notification.userInfo["flag"] == .bool(true))
        #expect(event.notification.date.hasPrefix("2026-11-30T09:00:00"))
    }
}
