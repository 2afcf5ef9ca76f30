import Basics
import Foundation
import HTTPClient
import JSON
import SQLite
import Synchronization
import TestSupport
import Testing

@Suite("Metrics, logs, readiness, configuration, backup and graceful stop")
struct OperabilityTests {
    @Test func logsOneJSONLinePerRequestWithTheRequestIdAndNoUserData() throws {
        let server = try ServerProcess()
        let answered = try server.client.send(
            method: "POST", path: "/v1/responses",
            headers: [("Content-Type", "application/json"), ("X-Request-Id", "trace-42")],
            body: Array(
                """
                {"id": "\(UUID().uuidString)", "actionIdentifier": "reply", "userText": "secret words",
                 "userId": "u-1", "notification": {"identifier": "push-1", "categoryIdentifier": "social_post",
                 "date": "2026-11-30T09:00:00Z", "userInfo": {"postId": "p-1"}}}
                """.utf8))
        #expect(answered.status == 201)
        #expect(answered.header("X-Request-Id") == "trace-42")
        #expect(server.stop() == 0)
        let lines = try server.standardError.split(separator: "\n").map { try JSONParser().parse(String($0)) }
        #expect(
            lines.map { $0["msg"]?.stringValue ?? "" } == [
                "made the token signing secret", "made the call secret", "created the first admin key", "listening",
                "request", "stopping", "stopped",
            ])
        let request = lines[4]
        #expect(request["requestId"] == .string("trace-42"))
        #expect(request["method"] == .string("POST"))
        #expect(request["route"] == .string("/v1/responses"))
        #expect(request["status"] == JSONValue(201))
        #expect(request["bytes"] == JSONValue(answered.body.count))
        #expect(request["durationMs"] != nil && request["time"] != nil)
        #expect(!server.standardError.contains("secret words"))
    }

    @Test func readinessAndHealth() throws {
        let server = try ServerProcess()
        let ready = try server.client.send(method: "GET", path: "/readyz")
        #expect(ready.status == 200)
        #expect(ready.text == #"{"status":"ready"}"#)
        #expect(try server.client.send(method: "GET", path: "/healthz").status == 200)
    }

    @Test func settingsComeFromFlagsThenEnvironmentAndBadValuesStopStartUp() throws {
        // The flag wins over a broken variable; the variable is used where no flag is given.
        let database = TemporaryDirectory.make().appendingPathComponent("env.sqlite").path
        let server = try ServerProcess(
            arguments: ["--log-level", "warning"],
            environment: [
                "ACTIONHUB_PORT": "not-a-port", "ACTIONHUB_GRACE_PERIOD": "3", "ACTIONHUB_LOG_LEVEL": "nonsense",
            ])
        #expect(try server.client.send(method: "GET", path: "/healthz").status == 200)
        #expect(server.stop() == 0)
        // At warning level, no request or lifecycle lines.
        #expect(server.standardError.isEmpty)

        let bad = try ActionHubExecutable.run(["serve", "--port", "0", "--database", database, "--grace-period", "-1"])
        #expect(bad.status == 2)
        #expect(bad.standardError.contains("--grace-period is \"-1\"; it must be a whole number from 0 to 3600"))

        let help = try ActionHubExecutable.run(["serve", "--help"])
        for name in [
            "host", "port", "database", "routes", "threads", "log-level", "grace-period", "connection-timeout",
        ] {
            #expect(
                help.standardOutput.contains(
                    "--\(name) (ACTIONHUB_\(name.uppercased().replacingOccurrences(of: "-", with: "_")))"))
        }
        #expect(help.standardOutput.contains("[default: 8080]"))
    }

    /// 64 clients, each on a thread of its own, POST without pause; SIGTERM lands while the server
    /// holds at least half of them (its "stopping" line says how many requests it had in flight).
    /// Every 201 is stored; every other request was refused or told the server is stopping. One
    /// event per commit keeps the server the slower side, so requests wait in it, not in clients.
    @Test func sigtermWithMostOfSixtyFourClientsInFlightLosesNone() throws {
        let server = try ServerProcess(arguments: ["--rate-limit", "0", "--commit-batch", "1"])
        let client = server.client
        let outcomes = Locked<[(id: String, status: Int)]>([])
        let stopping = Atomic<Bool>(false)
        let clients = DispatchGroup()
        for index in 0..<64 {
            clients.enter()
            Thread {
                defer { clients.leave() }
                while !stopping.load(ordering: .relaxed) {
                    let id = UUID().uuidString
                    let status =
                        (try? RequestBodies.post(RequestBodies.response(id: id, user: "u-\(index)"), to: client).status)
                        ?? 0
                    outcomes.withLock { $0.append((id, status)) }
                    if status == 0 { break }
                }
            }.start()
        }
        // Every client has had answers: the server is under the whole load.
        let deadline = Date().addingTimeInterval(60)
        while outcomes.withLock({ $0.count }) < 256 && Date() < deadline { usleep(5_000) }
        #expect(server.stop(signal: SIGTERM) == 0)
        stopping.store(true, ordering: .relaxed)
        clients.wait()

        let stoppingLine = try server.standardError.split(separator: "\n").map { try JSONParser().parse(String($0)) }
            .first { $0["msg"] == .string("stopping") }
        let inFlight = try #require(stoppingLine?["requestsInFlight"]?.intValue)
        #expect(
            inFlight >= ConcurrencyFloor.requestsInFlight, "\(inFlight) of 64 requests in flight when SIGTERM landed")
        let statuses = outcomes.withLock { $0 }
        #expect(statuses.allSatisfy { [201, 503, 0].contains($0.status) })
        let acknowledged = statuses.filter { $0.status == 201 }.map(\.id)
        let database = try SQLiteConnection(path: server.databasePath, mode: .readOnly)
        let stored = Set(try database.prepare("SELECT id FROM responses").rows { $0.text(at: 0) ?? "" })
        #expect(acknowledged.allSatisfy { stored.contains($0) })
        #expect(try database.prepare("PRAGMA integrity_check").rows { $0.text(at: 0) } == ["ok"])
    }

    /// Requests keep arriving through the whole grace period; the process still exits soon after
    /// it, with everything it acknowledged stored.
    @Test func theProcessExitsAfterTheGracePeriodWhileRequestsKeepArriving() throws {
        let server = try ServerProcess(arguments: [
            "--rate-limit", "0", "--grace-period", "1", "--log-level", "warning",
        ])
        let client = server.client
        let keepSending = Atomic<Bool>(true)
        let clients = DispatchGroup()
        for index in 0..<16 {
            clients.enter()
            Thread {
                defer { clients.leave() }
                while keepSending.load(ordering: .relaxed) {
                    _ = try? RequestBodies.post(RequestBodies.response(user: "g-\(index)"), to: client)
                }
            }.start()
        }
        usleep(300_000)
        let signalled = ContinuousClock.now
        #expect(server.stop(signal: SIGTERM) == 0)
        let took = ContinuousClock.now - signalled
        keepSending.store(false, ordering: .relaxed)
        clients.wait()
        // One second of grace, then closing the database, with room for a slow sanitizer build; a
        // shutdown that waits for the clients to stop would last until ServerProcess gives up (20 s).
        #expect(took < .seconds(TimingBudget.seconds(8)), "exit took \(took)")
    }

    @Test func aBackupDuringWritesIsConsistentAndHoldsEverythingAcknowledgedBefore() throws {
        let server = try ServerProcess()
        let client = server.client
        var acknowledgedBefore: [String] = []
        for index in 0..<30 {
            let id = UUID().uuidString
            if try RequestBodies.post(RequestBodies.response(id: id, user: "before-\(index)"), to: client).status == 201
            {
                acknowledgedBefore.append(id)
            }
        }
        let keepWriting = Atomic<Bool>(true)
        let writes = DispatchGroup()
        for writer in 0..<4 {
            DispatchQueue.global().async(group: writes) {
                var count = 0
                while keepWriting.load(ordering: .relaxed) {
                    _ = try? RequestBodies.post(RequestBodies.response(user: "during-\(writer)-\(count)"), to: client)
                    count += 1
                }
            }
        }
        usleep(100_000)
        let copy = TemporaryDirectory.make().appendingPathComponent("copy.sqlite").path
        let backup = try ActionHubExecutable.run(["backup", "--database", server.databasePath, "--to", copy])
        keepWriting.store(false, ordering: .relaxed)
        writes.wait()
        #expect(backup.status == 0, "\(backup.standardError)")
        #expect(backup.standardOutput.contains("integrity ok"))

        let database = try SQLiteConnection(path: copy, mode: .readOnly)
        #expect(try database.prepare("PRAGMA integrity_check").rows { $0.text(at: 0) } == ["ok"])
        let stored = Set(try database.prepare("SELECT id FROM responses").rows { $0.text(at: 0) ?? "" })
        #expect(acknowledgedBefore.count == 30)
        #expect(acknowledgedBefore.allSatisfy { stored.contains($0) })
        // The writes during the backup kept going; the copy is a snapshot of some moment among them.
        #expect(stored.count >= 30)
    }
}
