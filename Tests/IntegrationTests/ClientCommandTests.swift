import Foundation
import Testing

@Suite("actionhub gen ios, payload and the push fixtures")
struct ClientCommandTests {
    @Test func genIOSWritesTheGoldenFilesAndSaysWhatReplacedTheForwarder() throws {
        let directory = TemporaryDirectory.make()
        let out = directory.appendingPathComponent("ActionHubRoutes.swift")
        let outcome = try ActionHubExecutable.run([
            "gen", "ios", "--endpoint", "https://actionhub.example.com", "--out", out.path,
        ])
        #expect(outcome.status == 0)
        let golden = ActionHubExecutable.packageRoot.appendingPathComponent("Tests/CodegenTests/Golden")
        #expect(
            try String(contentsOf: out, encoding: .utf8)
                == String(contentsOf: golden.appendingPathComponent("routes.swift.golden"), encoding: .utf8))
        #expect(
            try String(contentsOf: directory.appendingPathComponent("ActionHub.xcstrings"), encoding: .utf8)
                == String(contentsOf: golden.appendingPathComponent("routes.xcstrings.golden"), encoding: .utf8))
        #expect(try ActionHubExecutable.run(["gen", "ios", "--endpoint", "ftp://x"]).status == 2)
        let help = try ActionHubExecutable.run(["gen", "--help"]).standardOutput
        #expect(help.contains("ActionHubKit"))
        #expect(help.contains("ActionHubForwarder delegate this command used to write is"))
    }

    @Test func routesCheckRefusesWhatGenIOSCouldNotCompileAndWarnsOfDeprecations() throws {
        let sets = ActionHubExecutable.packageRoot.appendingPathComponent("Tests/CodegenTests/Routes")
        for name in ["collisions-categories", "collisions-actions", "collisions-keyword", "collisions-type"] {
            let checked = try ActionHubExecutable.run([
                "routes", "check", sets.appendingPathComponent(name).path, "--apns", TemporaryDirectory.make().path,
            ])
            #expect(checked.status == 1, "\(name)")
            #expect(checked.standardError.contains("rename"), "\(name): \(checked.standardError)")
            let generated = try ActionHubExecutable.run([
                "gen", "ios", "--routes", sets.appendingPathComponent(name).path,
            ])
            #expect(generated.status == 1, "gen ios must refuse \(name) too")
        }
        let everyOption = try ActionHubExecutable.run([
            "routes", "check", sets.appendingPathComponent("every-option").path, "--apns",
            TemporaryDirectory.make().path,
        ])
        #expect(everyOption.status == 0)
        #expect(
            everyOption.standardError.contains("warning:") && everyOption.standardError.contains("allowAnnouncement"))
    }

    @Test func payloadPrintsTheJSONAndRefusesWhatAPNsOrTheRoutesWould() throws {
        let printed = try ActionHubExecutable.run([
            "payload", "social_post", "--user-info", "postId=p-1", "--title", "Anna", "--body", "New photo",
            "--media-url", "https://example.com/a.jpg",
        ])
        #expect(printed.status == 0)
        #expect(
            printed.standardOutput
                == #"{"aps":{"alert":{"title":"Anna","body":"New photo"},"category":"social_post","mutable-content":1},"postId":"p-1","media-url":"https://example.com/a.jpg"}"#
                + "\n")

        let unknown = try ActionHubExecutable.run(["payload", "shop_order", "--user-info", "postId=p-1"])
        #expect(unknown.status == 1)
        #expect(unknown.standardError.contains("unknown category \"shop_order\""))
        let missing = try ActionHubExecutable.run(["payload", "social_post", "--body", "hi"])
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("requires the userInfo key \"postId\""))
        let tooLarge = try ActionHubExecutable.run([
            "payload", "social_post", "--user-info", "postId=p-1", "--body", String(repeating: "x", count: 4100),
        ])
        #expect(tooLarge.status == 1)
        #expect(tooLarge.standardError.contains("APNs takes at most 4096"))
    }

    @Test func routesCheckValidatesThePushFixtures() throws {
        let shipped = try ActionHubExecutable.run(["routes", "check"])
        #expect(shipped.status == 0)
        #expect(shipped.standardOutput.contains("fixtures/apns: 3 pushes, all valid"))

        let directory = TemporaryDirectory.make()
        try #"{"aps": {"category": "social_post", "alert": {"body": "hi"}}, "media-url": "https://example.com/a.jpg"}"#
            .write(to: directory.appendingPathComponent("broken.apns"), atomically: true, encoding: .utf8)
        let broken = try ActionHubExecutable.run(["routes", "check", "routes", "--apns", directory.path])
        #expect(broken.status == 1)
        #expect(broken.standardError.contains("broken.apns: postId: is required by category \"social_post\""))
        #expect(broken.standardError.contains("broken.apns: aps.mutable-content: must be 1"))
    }
}
