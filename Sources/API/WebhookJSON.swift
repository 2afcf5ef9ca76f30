import ActionHubDomain
import Basics
import JSON

/// The JSON shapes of webhook endpoints and deliveries.
enum WebhookJSON {
    static func endpoint(_ endpoint: WebhookEndpoint, secret: String? = nil) -> [UInt8] {
        var json = JSONWriter()
        write(endpoint, secret: secret, to: &json)
        return json.bytes
    }

    static func endpoints(_ endpoints: [WebhookEndpoint]) -> [UInt8] {
        var json = JSONWriter(capacity: 64 + 192 * endpoints.count)
        json.object { json in
            json.key("items")
            json.array { json in
                for endpoint in endpoints { write(endpoint, secret: nil, to: &json) }
            }
        }
        return json.bytes
    }

    static func deliveries(_ page: Page<WebhookDelivery>) -> [UInt8] {
        var json = JSONWriter(capacity: 64 + 320 * page.items.count)
        json.object { json in
            json.key("items")
            json.array { json in
                for delivery in page.items { write(delivery, to: &json) }
            }
            json.key("nextCursor")
            json.string(page.next?.token)
        }
        return json.bytes
    }

    static func delivery(_ delivery: WebhookDelivery) -> [UInt8] {
        var json = JSONWriter(capacity: 320)
        write(delivery, to: &json)
        return json.bytes
    }

    private static func write(_ endpoint: WebhookEndpoint, secret: String?, to json: inout JSONWriter) {
        json.object { json in
            json.key("id")
            json.string(endpoint.id)
            json.key("url")
            json.string(endpoint.url)
            json.key("events")
            json.array { json in
                for pattern in endpoint.events { json.string(pattern) }
            }
            json.key("createdAt")
            json.string(endpoint.createdAt)
            if let secret {
                json.key("secret")
                json.string(secret)
            }
        }
    }

    private static func write(_ delivery: WebhookDelivery, to json: inout JSONWriter) {
        json.object { json in
            json.key("id")
            json.string(delivery.messageId)
            json.key("endpointId")
            json.string(delivery.endpointId)
            json.key("responseId")
            json.string(delivery.responseId)
            json.key("position")
            json.integer(Int(delivery.position))
            json.key("status")
            json.string(delivery.status.rawValue)
            json.key("attempts")
            json.integer(delivery.attempts)
            json.key("createdAt")
            json.string(Timestamp.format(milliseconds: delivery.createdAt))
            json.key("nextAttemptAt")
            json.string(delivery.nextAttemptAt.map { Timestamp.format(milliseconds: $0) })
            json.key("deliveredAt")
            json.string(delivery.deliveredAt.map { Timestamp.format(milliseconds: $0) })
            json.key("lastStatusCode")
            if let code = delivery.lastStatusCode { json.integer(code) } else { json.value(.null) }
            json.key("lastError")
            json.string(delivery.lastError)
        }
    }
}
