import Codegen
import Foundation
import TestSupport
import Testing

/// The app code in docs/app.md, taken from the page itself so that it cannot drift, type-checks in
/// Swift 6 mode with warnings as errors against ActionHubKit, the generated layer for the shipped
/// routes and Apple's signatures (`AppleSDKStandIns`): app delegate, service extension, content
/// extension, setup.
@Suite struct AppDocsTypeCheckTests {
    static let page = IOSCodeGeneratorTests.packageRoot.appendingPathComponent("docs/app.md")

    /// Every ```swift block of the page, in order.
    static func swiftBlocks() throws -> [String] {
        let lines = try String(contentsOf: page, encoding: .utf8).components(separatedBy: "\n")
        var blocks: [String] = []
        var current: [String]?
        for line in lines {
            if current == nil, line == "```swift" {
                current = []
            } else if let block = current, line == "```" {
                blocks.append(block.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The page's blocks with the generated file and the app's own sign-in the code refers to,
    /// each block replaced by `edit` first; the type-check's status and output.
    static func typeCheck(_ edit: (String) -> String = { $0 }) throws -> (status: Int32, output: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("app-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var files: [URL] = []
        func add(_ name: String, _ source: String) throws {
            let file = folder.appendingPathComponent(name)
            try source.write(to: file, atomically: true, encoding: .utf8)
            files.append(file)
        }
        for (index, block) in try swiftBlocks().enumerated() { try add("Block\(index).swift", edit(block)) }
        let routes = try IOSCodeGeneratorTests.routes(IOSCodeGeneratorTests.set("routes"))
        try add(
            "ActionHubRoutes.swift",
            IOSCodeGenerator(routes: routes, endpoint: IOSCodeGeneratorTests.endpoint).generate())
        try add(
            "Session.swift",
            """
            /// The app's own sign-in, which the documented code calls.
            final class Session: Sendable {
                static let shared = Session()
                func actionHubToken() async -> String? { nil }
            }
            """)
        return try AppleSDKStandIns.typeCheck(files)
    }

    @Test func thePagesSwiftBlocksAreTheAppDelegateTheExtensionsAndTheSetup() throws {
        let blocks = try Self.swiftBlocks()
        #expect(blocks.contains { $0.contains("struct ActionHubSetup: Sendable") })
        #expect(blocks.contains { $0.contains("UIApplicationDelegate, UNUserNotificationCenterDelegate") })
        #expect(blocks.contains { $0.contains(": UNNotificationServiceExtension") })
        #expect(blocks.contains { $0.contains("UNNotificationContentExtension") })
    }

    @Test func thePagesAppCodeTypeChecksInSwift6() throws {
        let result = try Self.typeCheck()
        #expect(result.status == 0, "\(result.output)")
    }

    /// The stand-ins reproduce what the SDK makes of a main-actor delegate method: the code the
    /// page used to show fails as it did on a Mac.
    @Test func aMainActorNotificationDelegateDoesNotCompile() throws {
        let result = try Self.typeCheck {
            $0.replacingOccurrences(
                of: "    nonisolated func userNotificationCenter", with: "    func userNotificationCenter")
        }
        #expect(result.status != 0)
        #expect(result.output.contains("non-Sendable") || result.output.contains("cannot be sent"), "\(result.output)")
    }

    @Test func theAttachmentFactoryThatSwiftDoesNotImportIsRefused() throws {
        let result = try Self.typeCheck {
            $0.replacingOccurrences(
                of: "media.didReceive(request, withContentHandler: contentHandler)",
                with:
                    "_ = try? UNNotificationAttachment.attachment(withIdentifier: \"a\", url: URL(fileURLWithPath: \"/a.jpg\"), options: nil)"
            )
        }
        #expect(result.status != 0)
        #expect(result.output.contains("attachment"), "\(result.output)")
    }
}
