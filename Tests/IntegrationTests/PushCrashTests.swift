import Foundation
import JSON
import TestSupport
import Testing

/// kill -9 right after the 202 of a push to 200 devices: after the restart every device gets it,
/// more than once only where a request was in flight at the kill.
@Suite("Pushes under kill -9", .serialized)
struct PushCrashTests {
    @Test(arguments: PushSendingTests.Database.allCases)
    func aKilledServerSendsEveryPushAfterItsRestart(_ database: PushSendingTests.Database) throws {
        // Answers held 200 ms: requests are in flight when the kill comes.
        let standIn = try APNsStandIn(delayMilliseconds: 200)
        let server = try PushSendingTests.server(database, standIn)
        let tokens = (0..<200).map { _ in PushSendingTests.token("01") }
        for token in tokens { try PushSendingTests.register(token, user: "u-bulk", on: server) }
        let (status, answer) = try PushSendingTests.send(
            #"{\#(PushSendingTests.socialPost), "to": {"users": ["u-bulk"]}}"#, to: server)
        let id = try #require(answer["id"]?.stringValue)
        // Killed as soon as the first streams reach APNs, while the rest are on their way.
        _ = standIn.waitFor(within: 10) { requests in requests.contains { $0.pushId == id } }
        _ = server.stop(signal: SIGKILL)
        #expect(status == 202)
        #expect(answer["devices"] == JSONValue(200))
        // What the killed server had sent may still reach the stand-in; it came on its connection.
        let killedConnection = standIn.requests.map(\.connection).max() ?? 0

        let restarted = try PushSendingTests.server(database, standIn, restarting: server)
        defer { _ = restarted.stop() }
        let everyDevice = standIn.waitFor(within: 60) { requests in
            Set(requests.filter { $0.pushId == id }.map(\.token)).isSuperset(of: tokens)
        }
        #expect(everyDevice, "devices that never got the push after the restart")
        let settled = try PushSendingTests.settled(id, on: restarted)
        #expect(settled["counts"]?["sent"] == JSONValue(200))
        // Only what was in flight is sent twice; nothing three times.
        var sends: [String: Int] = [:]
        for request in standIn.requests where request.pushId == id { sends[request.token, default: 0] += 1 }
        let beforeRestart = Set(
            standIn.requests.filter { $0.pushId == id && $0.connection <= killedConnection }.map(\.token))
        let twice = sends.filter { $0.value > 1 }
        #expect(twice.keys.allSatisfy { beforeRestart.contains($0) })
        #expect(twice.values.allSatisfy { $0 == 2 })
        #expect(!beforeRestart.isEmpty, "nothing was in flight at the kill; the test proved less than it says")
        print(
            "push crash test on \(database): \(beforeRestart.count) devices asked before the kill, \(twice.count) sent twice"
        )
    }
}
