import ActionHubDomain
import Codegen
import Foundation
import Testing

@Suite struct APNsPayloadTests {
    let routes: RouteTable

    init() throws {
        routes = try RouteLoader(handlers: .standard).load(directory: IOSCodeGeneratorTests.set("routes"))
    }

    @Test func aTypicalPostWithMedia() throws {
        let payload = APNsPayload(
            category: "social_post", userInfo: [("postId", "p-1")], title: "Anna posted a photo",
            body: "Tap to see it", mediaURL: "https://example.com/a.jpg")
        #expect(
            try payload.json(routes: routes)
                == #"{"aps":{"alert":{"title":"Anna posted a photo","body":"Tap to see it"},"category":"social_post","mutable-content":1},"postId":"p-1","media-url":"https://example.com/a.jpg"}"#
        )
    }

    @Test func withoutMediaThereIsNoMutableContentAndTheSimulatorKeyIsAdded() throws {
        let payload = APNsPayload(category: "social_post", userInfo: [("postId", "p-2")], body: "Lunch?")
        #expect(
            try payload.json(routes: routes, simulatorBundle: "com.example.socialapp")
                == #"{"aps":{"alert":{"body":"Lunch?"},"category":"social_post"},"postId":"p-2","Simulator Target Bundle":"com.example.socialapp"}"#
        )
    }

    /// The body text that makes the payload exactly `size` bytes, from one-byte characters.
    func payload(ofSize size: Int, filler: String = "a") throws -> APNsPayload {
        var payload = APNsPayload(category: "social_post", userInfo: [("postId", "p-1")], body: "")
        let base = try payload.json(routes: routes).utf8.count
        let fillerBytes = filler.utf8.count
        payload.body =
            String(repeating: filler, count: (size - base) / fillerBytes)
            + String(repeating: "a", count: (size - base) % fillerBytes)
        return payload
    }

    @Test func fourThousandNinetySixBytesPassAndOneMoreFails() throws {
        #expect(try payload(ofSize: 4096).json(routes: routes).utf8.count == 4096)
        #expect(throws: APNsPayloadError.tooLarge(bytes: 4097)) { try payload(ofSize: 4097).json(routes: routes) }
    }

    @Test func unicodeIsCountedInBytesNotCharacters() throws {
        let fits = try payload(ofSize: 4096, filler: "ü")
        let json = try fits.json(routes: routes)
        #expect(json.utf8.count == 4096)
        #expect(json.count < 4096)
        let over = try payload(ofSize: 4098, filler: "ü")
        #expect(throws: APNsPayloadError.tooLarge(bytes: 4098)) { try over.json(routes: routes) }
    }

    @Test func refusesWhatTheRoutesWouldRefuse() {
        #expect(throws: APNsPayloadError.unknownCategory("shop", known: ["meeting_invite", "social_post"])) {
            try APNsPayload(category: "shop", userInfo: [("postId", "p")]).json(routes: routes)
        }
        #expect(throws: APNsPayloadError.missingUserInfo("postId", category: "social_post")) {
            try APNsPayload(category: "social_post", userInfo: [("other", "x")]).json(routes: routes)
        }
        #expect(throws: APNsPayloadError.duplicateKey("postId")) {
            try APNsPayload(category: "social_post", userInfo: [("postId", "a"), ("postId", "b")]).json(routes: routes)
        }
        #expect(throws: APNsPayloadError.reservedKey("aps")) {
            try APNsPayload(category: "social_post", userInfo: [("postId", "a"), ("aps", "b")]).json(routes: routes)
        }
    }

    @Test func theShippedPushFixturesAreValidAndBrokenOnesAreNamed() throws {
        let checker = APNsFileChecker(routes: routes)
        let directory = IOSCodeGeneratorTests.packageRoot.appendingPathComponent("fixtures/apns")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".apns") }
        #expect(files.count >= 2)
        for file in files {
            let bytes = Array(try Data(contentsOf: directory.appendingPathComponent(file)))
            #expect(checker.check(bytes, file: file).isEmpty, "\(file)")
        }
        func fields(_ text: String) -> [String] {
            checker.check(Array(text.utf8), file: "x.apns").map(\.field)
        }
        #expect(fields(#"{"aps": {"category": "shop"}}"#) == ["aps.category"])
        #expect(fields(#"{"aps": {"category": "social_post"}}"#) == ["postId"])
        #expect(
            fields(#"{"aps": {"category": "social_post"}, "postId": "p", "media-url": "u"}"#) == ["aps.mutable-content"]
        )
        #expect(fields(#"{"postId": "p"}"#) == ["aps"])
        let huge = #"{"aps": {"category": "social_post"}, "postId": "\#(String(repeating: "p", count: 4100))"}"#
        #expect(fields(huge) == [""])
    }
}
