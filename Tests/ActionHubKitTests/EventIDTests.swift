import Foundation
import Testing

@testable import ActionHubKit

@Suite struct EventIDTests {
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    /// FIPS 180-4's examples, and a message that needs a second block for its length.
    @Test func sha256MatchesTheStandardsExamples() {
        #expect(Self.hex(SHA256.hash([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            Self.hex(SHA256.hash(Array("abc".utf8)))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            Self.hex(SHA256.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            Self.hex(SHA256.hash([UInt8](repeating: 0x61, count: 1_000)))
                == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test func theIdIsAVersion8UUIDDerivedFromNotificationActionAndText() {
        let reply = KitFixtures.reply("On my way")
        let id = reply.eventID
        #expect(UUID(uuidString: id) != nil)
        #expect(id == id.uppercased())
        #expect(Array(id)[14] == "8", "version 8")
        #expect("89AB".contains(Array(id)[19]), "RFC 9562 variant")
        // What the user did to which notification decides it; when and with what userInfo does not.
        var later = reply
        later.notificationDate = reply.notificationDate.addingTimeInterval(60)
        later.userInfo = [:]
        #expect(later.eventID == id)
        var otherText = reply
        otherText.userText = "On my way."
        var otherPush = reply
        otherPush.notificationIdentifier = "push-2"
        var noText = reply
        noText.userText = nil
        var emptyText = reply
        emptyText.userText = ""
        let ids = [id, otherText.eventID, otherPush.eventID, noText.eventID, emptyText.eventID]
        #expect(Set(ids).count == ids.count)
    }
}
