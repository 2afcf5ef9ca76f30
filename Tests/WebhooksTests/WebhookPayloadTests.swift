import ActionHubDomain
import JSON
import Testing

@testable import Webhooks

@Suite struct WebhookPayloadTests {
    @Test func theBodyIsTheStoredAnswerWithThePushAndPositionAdded() throws {
        let delivery = DueDelivery(
            sequence: 7, endpointId: "e", attempt: 1, position: 42, createdAt: 1_796_100_000_123,
            body: #"{"id":"r-1","actionIdentifier":"like","result":{"liked":true}}"#,
            notification: #"{"identifier":"push-1","categoryIdentifier":"social_post","userInfo":{"postId":"p-1"}}"#)
        let body = WebhookPayload.body(for: delivery)
        #expect(
            String(decoding: body, as: UTF8.self)
                == #"{"type":"response.recorded","timestamp":"2026-12-01T04:40:00.123Z","data":{"id":"r-1","actionIdentifier":"like","result":{"liked":true},"notification":{"identifier":"push-1","categoryIdentifier":"social_post","userInfo":{"postId":"p-1"}},"position":42}}"#
        )
        // Valid JSON, also for events stored before the push was kept and for an empty answer.
        for (answer, notification) in [(#"{"id":"r-2"}"#, nil), ("{}", nil), (" { } ", "null")] {
            let other = DueDelivery(
                sequence: 8, endpointId: "e", attempt: 1, position: 1, createdAt: 0, body: answer,
                notification: notification)
            let parsed = try JSONParser().parse(WebhookPayload.body(for: other))
            #expect(parsed["data"]?["notification"] == .null)
            #expect(parsed["data"]?["position"] == JSONValue(1))
        }
    }
}
