import ActionHubDomain
import JSON
import Testing

@Suite struct ResponseValidatorTests {
    let validator: ResponseValidator

    init() throws {
        validator = ResponseValidator(routes: try RouteFixtures.shipped())
    }

    static func body(_ changes: (inout JSONObject) -> Void = { _ in }) -> JSONValue {
        let notification: JSONObject = [
            "identifier": .string("push-1"), "categoryIdentifier": .string("social_post"),
            "date": .string("2026-11-30T09:00:00Z"),
            "userInfo": .object(["postId": .string("p-1"), "media-url": .string("https://example.com/a.jpg")]),
        ]
        var object: JSONObject = [
            "id": .string("8e3a3c1a-5b0f-4c2e-9b7d-2f1a6c0d9e11"), "actionIdentifier": .string("reply"),
            "userText": .string("Nice shot!"), "userId": .string("u-42"),
        ]
        object["notification"] = .object(notification)
        changes(&object)
        return .object(object)
    }

    func fields(_ body: JSONValue) -> [String] {
        do {
            _ = try validator.validate(body, receivedAt: "2026-11-30T09:00:06.000Z")
            return []
        } catch {
            return error.errors.map(\.field)
        }
    }

    @Test func acceptsTheReferenceReplyAndCanonicalizesTheId() throws {
        let event = try validator.validate(Self.body(), receivedAt: "2026-11-30T09:00:06.000Z")
        #expect(event.id == "8E3A3C1A-5B0F-4C2E-9B7D-2F1A6C0D9E11")
        #expect(event.postId == "p-1")
        #expect(event.action.handler == "reply")
        #expect(event.userText == "Nice shot!")
    }

    @Test func theFingerprintIgnoresKeyOrderButNotContent() throws {
        let event = try validator.validate(Self.body(), receivedAt: "t")
        var reordered = JSONObject()
        for member in Self.body().objectValue!.members.reversed() { reordered[member.key] = member.value }
        #expect(try validator.validate(.object(reordered), receivedAt: "t").fingerprint == event.fingerprint)
        let other = Self.body { $0["userText"] = .string("Nice shot?") }
        #expect(try validator.validate(other, receivedAt: "t").fingerprint != event.fingerprint)
    }

    @Test func reportsEachInvalidField() {
        #expect(fields(.array([])) == ["body"])
        #expect(fields(Self.body { $0["id"] = .string("not-a-uuid") }) == ["id"])
        #expect(fields(Self.body { $0["id"] = nil }) == ["id"])
        #expect(fields(Self.body { $0["userId"] = nil }) == ["userId"])
        #expect(fields(Self.body { $0["userId"] = .number("42") }) == ["userId"])
        #expect(fields(Self.body { $0["userId"] = .string(String(repeating: "u", count: 257)) }) == ["userId"])
        #expect(fields(Self.body { $0["actionIdentifier"] = .string("share") }) == ["actionIdentifier"])
        #expect(fields(Self.body { $0["userText"] = nil }) == ["userText"])
        #expect(fields(Self.body { $0["userText"] = .string(String(repeating: "a", count: 501)) }) == ["userText"])
        #expect(fields(Self.body { $0["userText"] = .string("bell\u{7}") }) == ["userText"])
        #expect(fields(Self.body { $0["respondedAt"] = .string("2026-13-01T00:00:00Z") }) == ["respondedAt"])
        #expect(fields(Self.body { $0["extra"] = .null }) == ["extra"])
        #expect(fields(Self.body { $0["notification"] = .string("push") }) == ["notification"])
        #expect(
            fields(
                Self.body {
                    $0["actionIdentifier"] = .string("like")
                    $0["userText"] = .string("hi")
                }) == ["userText"])
    }

    @Test func notificationFieldsAreCheckedByPath() {
        func withNotification(_ change: @escaping (inout JSONObject) -> Void) -> JSONValue {
            Self.body { object in
                var notification = object["notification"]!.objectValue!
                change(&notification)
                object["notification"] = .object(notification)
            }
        }
        #expect(
            fields(withNotification { $0["categoryIdentifier"] = .string("shop") }) == [
                "notification.categoryIdentifier"
            ])
        #expect(fields(withNotification { $0["userInfo"] = .object([:]) }) == ["notification.userInfo.postId"])
        #expect(
            fields(withNotification { $0["userInfo"] = .object(["postId": JSONValue(7)]) }) == [
                "notification.userInfo.postId"
            ])
        #expect(fields(withNotification { $0["date"] = .string("2026-11-30 09:00") }) == ["notification.date"])
        let large = JSONObject(
            dictionaryLiteral: ("postId", .string("p-1")), ("pad", .string(String(repeating: "x", count: 4096))))
        #expect(fields(withNotification { $0["userInfo"] = .object(large) }) == ["notification.userInfo"])
        #expect(fields(withNotification { $0["identifier"] = .string("push\u{0}1") }) == ["notification.identifier"])
    }

    @Test func textLengthCountsCharactersNotBytes() throws {
        let thumbs = String(repeating: "👍🏽", count: 500)
        #expect(thumbs.utf8.count == 4000)
        #expect(fields(Self.body { $0["userText"] = .string(thumbs) }) == [])
        #expect(fields(Self.body { $0["userText"] = .string(thumbs + "!") }) == ["userText"])
    }
}
