import ActionHubDomain
import JSON
import Testing

@Suite struct ActionEventTests {
    let validator: ResponseValidator

    init() throws {
        validator = ResponseValidator(routes: try RouteFixtures.shipped())
    }

    func event(_ changes: (inout JSONObject) -> Void) throws -> ActionEvent {
        guard case .object(var object) = ResponseValidatorTests.body() else { fatalError("the body is an object") }
        changes(&object)
        return try validator.validate(.object(object), receivedAt: "2026-11-30T09:00:06.000Z")
    }

    /// Every stored event carries its fingerprint, and a retry is compared with it byte for byte:
    /// the text must stay exactly this, member order and escapes included.
    @Test func theFingerprintIsTheCanonicalTextStoredWithEveryEvent() throws {
        let reply = try event { object in
            object["userText"] = .string("Nice \"shot\"!\n")
            object["respondedAt"] = .string("2026-11-30T09:00:05Z")
            object["notification"]?.objectValue.map { notification in
                var notification = notification
                notification["userInfo"] = .object([
                    "postId": .string("p-1"), "media-url": .string("https://example.com/a.jpg"),
                    "zeta": .object(["b": .number("1"), "a": .array([.bool(true), .null])]), "émoji": .string("👍"),
                ])
                object["notification"] = .object(notification)
            }
        }
        #expect(
            reply.fingerprint
                == #"{"actionIdentifier":"reply","id":"8E3A3C1A-5B0F-4C2E-9B7D-2F1A6C0D9E11","notification":"#
                + #"{"categoryIdentifier":"social_post","date":"2026-11-30T09:00:00Z","identifier":"push-1","userInfo":"#
                + #"{"media-url":"https://example.com/a.jpg","postId":"p-1","zeta":{"a":[true,null],"b":1},"émoji":"👍"}},"#
                + #""respondedAt":"2026-11-30T09:00:05Z","userId":"u-42","userText":"Nice \"shot\"!\n"}"#)
        let like = try event { object in
            object["actionIdentifier"] = .string("like")
            object["userText"] = nil
        }
        #expect(
            like.fingerprint
                == #"{"actionIdentifier":"like","id":"8E3A3C1A-5B0F-4C2E-9B7D-2F1A6C0D9E11","notification":"#
                + #"{"categoryIdentifier":"social_post","date":"2026-11-30T09:00:00Z","identifier":"push-1","userInfo":"#
                + #"{"media-url":"https://example.com/a.jpg","postId":"p-1"}},"userId":"u-42"}"#)
    }
}
