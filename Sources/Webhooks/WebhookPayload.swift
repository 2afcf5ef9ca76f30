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
    /// closing brace: its own members stay byte for byte as stored.
    static func data(answer: String, notification: String?, position: Int64) -> String {
        let added = "\"notification\":\(notification ?? "null"),\"position\":\(position)}"
        let trimmed = answer.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix("{"), trimmed.hasSuffix("}") else { return "{" + added }
        let members = trimmed.dropFirst().dropLast().trimmingCharacters(in: .whitespacesAndNewlines)
        return members.isEmpty ? "{" + added : "{" + members + "," + added
    }
}
