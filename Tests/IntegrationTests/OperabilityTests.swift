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
                "created the first admin key", "listening", "request", "stopping", "stopped",
            ])
        let request = lines[2]
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

    @Test func sigtermWithAHundredPostsInFlightLosesNone() throws {
        let server = try ServerProcess()
        let client = server.client
        let ids = (0..<100).map { _ in UUID().uuidString }
        let outcomes = Locked<[String: Int]>([:])
        let started = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        for (index, id) in ids.enumerated() {
            DispatchQueue.global().async(group: group) {
                started.signal()
                let status =
                    (try? RequestBodies.post(RequestBodies.response(id: id, user: "u-\(index)"), to: client).status)
                    ?? 0
                outcomes.withLock { $0[id] = status }
            }
        }
        for _ in 0..<50 { started.wait() }
        #expect(server.stop(signal: SIGTERM) == 0)
        group.wait()

        let statuses = outcomes.withLock { $0 }
        // Every request was answered 2xx or refused before it got an answer; none got a 5xx.
        #expect(statuses.values.allSatisfy { $0 == 201 || $0 == 0 })
        let acknowledged = statuses.filter { $0.value == 201 }.map(\.key)
        let database = try SQLiteConnection(path: server.databasePath, mode: .readOnly)
        let stored = Set(try database.prepare("SELECT id FROM responses").rows { $0.text(at: 0) ?? "" })
        #expect(acknowledged.allSatisfy { stored.contains($0) })
        #expect(try database.prepare("PRAGMA integrity_check").rows { $0.text(at: 0) } == ["ok"])
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
