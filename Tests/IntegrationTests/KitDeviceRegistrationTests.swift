import ActionHubKit
import Foundation
import HTTPClient
import JSON
import TestSupport
import Testing

/// ActionHubKit registers the token the app hands it, against the real server.
@Suite struct KitDeviceRegistrationTests {
    @Test func theKitRegistersTheDeviceTokenForItsUser() async throws {
        let server = try ServerProcess(
            arguments: ["--signing-secret", ActionHubKitServerTests.secret, "--rate-limit", "0"])
        let credential = try ActionHubKitServerTests.token("u-device")
        let hub = try ActionHubKitServerTests.hub(port: server.port, folder: TemporaryDirectory.make()) { credential }
        let token = Data((0..<32).map { UInt8($0 * 7 % 256) })
        #expect(try await hub.registerDevice(token: token, environment: .sandbox, topic: "com.example.social"))
        #expect(try await !hub.registerDevice(token: token, environment: .sandbox, topic: "com.example.social"))

        let listed = try JSONParser().parse(
            try server.client.send(method: "GET", path: "/v1/users/u-device/devices").body)
        let hex = token.map { String(format: "%02x", $0) }.joined()
        #expect(listed["items"]?.arrayValue?.map { $0["token"] } == [.string(hex)])
        #expect(listed["items"]?.arrayValue?.first?["environment"] == .string("sandbox"))

        await #expect {
            try await hub.registerDevice(token: token, environment: .production, topic: "not a bundle id")
        } throws: { error in
            let failure = error as? ActionHub.DeviceRegistrationFailed
            return failure?.status == 422 && failure?.problem?.errors?.map(\.field) == ["topic"]
        }
        #expect(server.stop() == 0)
    }

    /// What the kit's service extension does on receipt of a push ActionHub sent.
    @Test func theKitConfirmsThatTheDeviceGotAPush() async throws {
        let standIn = try APNsStandIn()
        let server = try ServerProcess(
            arguments: ["--signing-secret", ActionHubKitServerTests.secret, "--rate-limit", "0"]
                + standIn.serveArguments())
        defer { _ = server.stop() }
        let credential = try ActionHubKitServerTests.token("u-receipt")
        let folder = TemporaryDirectory.make()
        let hub = try ActionHubKitServerTests.hub(port: server.port, folder: folder) { credential }
        #expect(await !hub.confirmDelivery(pushId: "0b6e1c9e-0000-4000-8000-000000000000"), "no device registered yet")
        let token = Data((0..<32).map { UInt8($0 * 11 % 256) })
        try await hub.registerDevice(token: token, environment: .sandbox, topic: APNsStandIn.topic)
        let (_, answer) = try PushSendingTests.send(
            #"{\#(PushSendingTests.socialPost), "to": {"users": ["u-receipt"]}}"#, to: server)
        let id = try #require(answer["id"]?.stringValue)
        _ = try PushSendingTests.settled(id, on: server)

        // The extension is another process with its own hub over the same App Group folder.
        let extensionHub = try ActionHubKitServerTests.hub(port: server.port, folder: folder) { credential }
        #expect(await extensionHub.confirmDelivery(pushId: id))
        #expect(await extensionHub.confirmDelivery(pushId: id), "a receipt again is answered the same")
        #expect(await !extensionHub.confirmDelivery(pushId: "../tokens"))
        let status = try PushSendingTests.push(id, on: server)
        #expect(status["counts"]?["delivered"] == JSONValue(1))
    }
}
