import ActionHubDomain
import Foundation
import JSON
import TestSupport
import Testing

/// Registered devices on every store: one row per token, which moves between users; erased and
/// exported with the user's other data.
@Suite struct DeviceContractTests {
    typealias Kind = ResponseStoreContractTests.Kind

    static func device(_ token: String, user: String, at: String = "2026-12-04T10:00:00.000Z") -> Device {
        Device(
            token: String(repeating: token, count: 32), userId: user, environment: .sandbox, topic: "com.example.app",
            registeredAt: at)
    }

    @Test(arguments: Kind.allCases)
    func aTokenIsOneDeviceThatMovesAndIsRemoved(_ kind: Kind) throws {
        let store = try kind.make()
        #expect(try store.register(Self.device("aa", user: "ann")))
        #expect(try store.register(Self.device("bb", user: "ann", at: "2026-12-04T11:00:00.000Z")))
        #expect(try !store.register(Self.device("aa", user: "ann", at: "2026-12-04T12:00:00.000Z")))
        #expect(
            try store.devices(userId: "ann").map(\.registeredAt) == [
                "2026-12-04T11:00:00.000Z", "2026-12-04T12:00:00.000Z",
            ])
        #expect(try !store.register(Self.device("bb", user: "bob")))
        #expect(try store.devices(userId: "ann").count == 1)
        #expect(try store.device(token: String(repeating: "bb", count: 32))?.userId == "bob")
        #expect(try store.device(token: String(repeating: "bb", count: 32))?.state == .active)
        #expect(try store.removeDevice(token: String(repeating: "bb", count: 32)))
        #expect(try !store.removeDevice(token: String(repeating: "bb", count: 32)))
        #expect(try store.devices(userId: "bob") == [])
    }

    @Test(arguments: Kind.allCases)
    func erasureRemovesAndExportListsTheUsersDevices(_ kind: Kind) throws {
        let store = try kind.make()
        _ = try store.register(Self.device("aa", user: "ann"))
        _ = try store.register(Self.device("cc", user: "cy"))
        let rows = try store.personalData(userId: "ann", kind: .devices, after: 0, limit: 10)
        let exported = try rows.map { try JSONParser().parse($0.json) }
        #expect(exported.map { $0["token"] } == [.string(String(repeating: "aa", count: 32))])
        #expect(exported.first?["environment"] == .string("sandbox") && exported.first?["reason"] == .null)
        #expect(try store.erase(userId: "ann") == ErasedCounts(devices: 1), "a user with only a device")
        #expect(try store.devices(userId: "ann") == [])
        #expect(try store.devices(userId: "cy").count == 1)
    }
}
