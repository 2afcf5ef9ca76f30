import ActionHubDomain
import Foundation
import Testing

@Suite struct RouteLoaderTests {
    let loader = RouteLoader(handlers: .standard)

    @Test func loadsTheShippedSocialPostCategory() throws {
        let table = try RouteFixtures.shipped()
        let category = try #require(table.category("social_post"))
        #expect(category.options == [.customDismissAction])
        #expect(category.requiredUserInfo == ["postId"])
        #expect(
            category.actions.map(\.identifier) == [
                "reply", "like", ActionRoute.defaultActionIdentifier, ActionRoute.dismissActionIdentifier,
            ])
        let reply = try #require(category.action("reply"))
        #expect(reply.options == [.authenticationRequired])
        #expect(reply.textInput == TextInput(buttonTitle: "Send", placeholder: "Write a reply", maxLength: 500))
        #expect(category.action(ActionRoute.defaultActionIdentifier)?.settings["screen"] == .string("post"))
    }

    /// A category with one action entry, `action` spliced in, for the broken cases.
    func errors(category: String = #""category": "c", "requiredUserInfo": ["postId"]"#, action: String) -> [RouteError]
    {
        let document =
            "{\(category), \"actions\": [{\"identifier\": \"ok\", \"title\": \"OK\", \"handler\": \"like\"}, \(action)]}"
        switch loader.decode(Array(document.utf8), file: "c.json") {
        case .success: return []
        case .failure(let failure): return failure.errors
        }
    }

    @Test(arguments: [
        (#"{"identifier": "x", "title": "X", "handler": "teleport"}"#, "actions[1].handler"),
        (#"{"identifier": "x", "title": "X", "handler": "like", "options": ["loud"]}"#, "actions[1].options[0]"),
        (#"{"identifier": "ok", "title": "Again", "handler": "like"}"#, "actions[1].identifier"),
        (
            #"{"identifier": "x", "title": "X", "handler": "like", "textInput": {"buttonTitle": "Go", "maxLength": 9}}"#,
            "actions[1].textInput"
        ),
        (#"{"identifier": "x", "title": "X", "handler": "reply"}"#, "actions[1].textInput"),
        (
            #"{"identifier": "x", "title": "X", "handler": "reply", "textInput": {"buttonTitle": "Go", "maxLength": 0}}"#,
            "actions[1].textInput.maxLength"
        ),
        (#"{"identifier": "x", "handler": "like"}"#, "actions[1].title"),
        (#"{"identifier": "x", "title": "X", "handler": "like", "screen": "post"}"#, "actions[1].screen"),
        (#"{"identifier": "x", "title": "X", "handler": "open-screen"}"#, "actions[1].screen"),
        (
            #"{"identifier": "x", "title": "X", "handler": "open-screen", "screen": "s", "deepLink": "app://{userId}"}"#,
            "actions[1].deepLink"
        ),
        (
            #"{"identifier": "com.apple.UNNotificationDismissActionIdentifier", "handler": "dismiss"}"#,
            "actions[1].identifier"
        ),
        (#""not an object""#, "actions[1]"),
    ])
    func reportsTheFieldAtFault(action: String, field: String) {
        let found = errors(action: action)
        #expect(found.contains { $0.field == field && $0.file == "c.json" }, "\(found)")
    }

    @Test func handlersOnAPostNeedPostIdInRequiredUserInfo() {
        let found = errors(
            category: #""category": "c""#, action: #"{"identifier": "x", "title": "X", "handler": "dismiss"}"#)
        #expect(found.map(\.field) == ["actions[0].handler"])
    }

    @Test func categoryLevelMistakes() {
        let bad = #"{"category": "", "options": ["sparkly"], "actions": [], "colour": "red"}"#
        guard case .failure(let failure) = loader.decode(Array(bad.utf8), file: "bad.json") else {
            Issue.record("accepted a broken category")
            return
        }
        #expect(Set(failure.errors.map(\.field)) == ["category", "options[0]", "actions", "colour"])
        guard case .failure(let syntax) = loader.decode(Array("{".utf8), file: "syntax.json") else {
            Issue.record("accepted broken JSON")
            return
        }
        #expect(syntax.errors.first?.description.hasPrefix("syntax.json: invalid JSON") == true)
    }

    @Test func aDirectoryWithTwoFilesForOneCategoryIsRefused() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let route = #"{"category": "c", "actions": [{"identifier": "d", "title": "D", "handler": "dismiss"}]}"#
        try route.write(to: directory.appendingPathComponent("a.json"), atomically: true, encoding: .utf8)
        try route.write(to: directory.appendingPathComponent("b.json"), atomically: true, encoding: .utf8)
        #expect(throws: RouteLoadFailure.self) { try loader.load(directory: directory.path) }
        #expect(throws: RouteLoadFailure.self) {
            try loader.load(directory: directory.appendingPathComponent("none").path)
        }
    }
}
