import ActionHubDomain
import Basics
import Foundation
import JSON

/// The body every attempt of a delivery sends: `{"type": "response.recorded", "timestamp", "data":
/// {…the 201 answer's fields…, "notification", "position"}}`. Built from what is stored, so every
/// attempt of a delivery sends the same bytes.
enum WebhookPayload {
    static func body(for delivery: DueDelivery) -> [UInt8] {
        var json = JSONWriter(capacity: 192 + delivery.body.utf8.count + (delivery.notification?.utf8.count ?? 4))
        json.object { json in
            json.key("type")
            json.string("response.recorded")
            json.key("timestamp")
            json.string(Timestamp.format(milliseconds: delivery.createdAt))
            json.key("data")
            json.json(data(answer: delivery.body, notification: delivery.notification, position: delivery.position))
        }
        return json.bytes
    }

    /// The stored answer, an object ActionHub wrote itself, with the two members added before its
    /// closing brace: its own members stay byte for byte as stored. Works on the UTF-8 bytes:
    /// Foundation's trimming goes through UTF-16 and was most of an attempt's CPU time.
    static func data(answer: String, notification: String?, position: Int64) -> String {
        let added = "\"notification\":\(notification ?? "null"),\"position\":\(position)}"
        let bytes = Array(answer.utf8)
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }),
            let last = bytes.lastIndex(where: { !isSpace($0) }),
            first < last, bytes[first] == UInt8(ascii: "{"), bytes[last] == UInt8(ascii: "}")
        else { return "{" + added }
        let members = bytes[(first + 1)..<last]
        guard members.contains(where: { !isSpace($0) }) else { return "{" + added }
        return "{" + String(decoding: members, as: UTF8.self) + "," + added
    }
}
