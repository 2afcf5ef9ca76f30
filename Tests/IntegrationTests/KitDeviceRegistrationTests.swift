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
}
