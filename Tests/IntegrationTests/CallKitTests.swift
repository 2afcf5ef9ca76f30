import ActionHubKit
import Foundation
import TestSupport
import Testing

/// The kit against a `call` route: a backend's 503 is retried with the same id, so the backend
/// sees the same webhook-id again; its object arrives as `.call(result:)`; its "no" is a failure.
@Suite("ActionHubKit and call routes", .serialized)
struct CallKitTests {
    static func response(_ action: String) -> NotificationResponse {
        NotificationResponse(
            actionIdentifier: action, userText: nil, notificationIdentifier: "push-o", categoryIdentifier: "order",
            notificationDate: Date(), userInfo: ["orderId": .string("o-kit")])
    }

    @Test func aFailedCallIsRetriedUnderTheSameIdAndItsResultIsTyped() async throws {
        let backend = try CallBackend()
        let server = try ServerProcess(
            routes: backend.routesDirectory.path,
            arguments: [
                "--signing-secret", ActionHubKitServerTests.secret, "--rate-limit", "0", "--call-secret-file",
                backend.secretFile.path,
            ])
        let credential = try ActionHubKitServerTests.token("u-kit")
        let hub = try ActionHub(
            ActionHub.Configuration(
                server: URL(string: "http://127.0.0.1:\(server.port)")!, outboxFolder: TemporaryDirectory.make(),
                routes: KitRoutes([
                    KitRoutes.Category(
                        identifier: "order", requiredUserInfo: ["orderId"], subject: "orderId",
                        actions: ["flaky": nil, "refuse": nil])
                ]), credential: { credential },
                backoff: Backoff(initial: .milliseconds(100), maximum: .milliseconds(500)),
                transport: URLSessionTransport(timeout: 5)))
        // Subscribed before anything is forwarded: a subscription sees events from then on.
        let stream = hub.events()
        let events = Task {
            var seen: [DeliveryEvent] = []
            for await event in stream {
                seen.append(event)
                if seen.count == 2 { break }
            }
            return seen
        }
        await hub.start()
        await hub.forward(Self.response("flaky"))
        await hub.forward(Self.response("refuse"))
        let seen = await events.value

        let delivered = seen.compactMap { event -> (String, Outcome)? in
            if case .delivered(let id, let outcome, _) = event { return (id, outcome) }
            return nil
        }
        let (id, outcome) = try #require(delivered.first)
        guard case .call(let result) = outcome else {
            Issue.record("the flaky call was delivered as \(outcome)")
            return
        }
        #expect(result["accepted"] == .bool(true))
        #expect(result["call"]?.intValue == 2)
        // Both calls carried the response's id: the backend could deduplicate.
        #expect(backend.calls(id: id).map(\.number) == [1, 2])
        #expect(backend.calls(id: id).allSatisfy { $0.verified })

        let failure = try #require(hub.failures().first)
        #expect(failure.status == 422)
        #expect(failure.problem?.type == "urn:actionhub:problem:refused-by-backend")
        await hub.stop()
        #expect(server.stop() == 0)
    }
}
