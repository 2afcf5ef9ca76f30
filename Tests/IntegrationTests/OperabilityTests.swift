import Basics
import Foundation
import HTTPClient
import JSON
import SQLite
import Synchronization
import Testing

@Suite("Metrics, logs, readiness, configuration, backup and graceful stop")
struct OperabilityTests {
    @Test func metricsCountAKnownSequenceExactly() throws {
        let server = try ServerProcess()
        let client = server.client
        let first = UUID().uuidString
        #expect(try RequestBodies.post(RequestBodies.response(id: first), to: client).status == 201)
        #expect(try RequestBodies.post(RequestBodies.response(user: "u-2"), to: client).status == 201)
        #expect(try RequestBodies.post(RequestBodies.response(user: "u-3"), to: client).status == 201)
        #expect(try RequestBodies.post(RequestBodies.response(id: first), to: client).status == 200)
        #expect(try RequestBodies.post(RequestBodies.response(id: first, user: "u-9"), to: client).status == 409)
        #expect(try RequestBodies.post(Array(#"{"id": "x"}"#.utf8), to: client).status == 422)
        #expect(try client.send(method: "GET", path: "/v1/posts/p-1/likes").status == 200)
        #expect(try client.send(method: "GET", path: "/nowhere/\(UUID().uuidString)").status == 404)

        let scrape = try client.send(method: "GET", path: "/metrics")
        #expect(scrape.status == 200)
        #expect(scrape.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
        let samples = try PrometheusText.parse(scrape.text)

        func value(_ name: String, _ labels: [String: String] = [:]) -> Double? {
            samples.first { $0.name == name && $0.labels == labels }?.value
        }
        let post = ["route": "/v1/responses", "method": "POST"]
        #expect(value("actionhub_http_requests_total", post.merging(["status": "201"]) { $1 }) == 3)
        #expect(value("actionhub_http_requests_total", post.merging(["status": "200"]) { $1 }) == 1)
        #expect(value("actionhub_http_requests_total", post.merging(["status": "409"]) { $1 }) == 1)
        #expect(value("actionhub_http_requests_total", post.merging(["status": "422"]) { $1 }) == 1)
        #expect(
            value(
                "actionhub_http_requests_total",
                ["route": "/v1/posts/{postId}/likes", "method": "GET", "status": "200"])
                == 1)
        #expect(value("actionhub_http_requests_total", ["route": "unmatched", "method": "GET", "status": "404"]) == 1)
        let like = ["category": "social_post", "action": "like", "handler": "like"]
        #expect(value("actionhub_responses_total", like.merging(["outcome": "created"]) { $1 }) == 3)
        #expect(value("actionhub_responses_total", like.merging(["outcome": "replayed"]) { $1 }) == 1)
        #expect(value("actionhub_responses_total", like.merging(["outcome": "conflict"]) { $1 }) == 1)
        #expect(
            value(
                "actionhub_responses_total",
                ["category": "unknown", "action": "unknown", "handler": "unknown", "outcome": "rejected"]) == 1)
        #expect(value("actionhub_http_request_duration_seconds_count", ["route": "/v1/responses"]) == 6)
        // Created, replayed and conflicting events all pass through a commit; the rejected one not.
        #expect(value("actionhub_commit_batch_size_sum") == 5)
        #expect(value("actionhub_commit_duration_seconds_count") == value("actionhub_commit_batch_size_count"))
        #expect((value("actionhub_database_size_bytes") ?? 0) > 0)
        #expect((value("actionhub_open_connections") ?? 0) >= 1)
        #expect(value("actionhub_build_info", ["version": "0.1.0"]) == 1)
        #expect(server.stop() == 0)
    }

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

/// A strict reader of the Prometheus text exposition format (0.0.4): comments are HELP or TYPE,
/// every sample line is `name{label="value",…} number`, histograms are cumulative and end in +Inf.
enum PrometheusText {
    struct Sample: Equatable {
        var name: String
        var labels: [String: String]
        var value: Double
    }

    struct Malformed: Error, CustomStringConvertible {
        var line: String
        var description: String { "not exposition format: \(line)" }
    }

    static func parse(_ text: String) throws -> [Sample] {
        var samples: [Sample] = []
        var types: [String: String] = [:]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.isEmpty { continue }
            if line.hasPrefix("# HELP ") { continue }
            if line.hasPrefix("# TYPE ") {
                let parts = line.split(separator: " ")
                guard parts.count == 4, ["counter", "gauge", "histogram", "summary", "untyped"].contains(parts[3])
                else {
                    throw Malformed(line: line)
                }
                types[String(parts[2])] = String(parts[3])
                continue
            }
            guard !line.hasPrefix("#") else { throw Malformed(line: line) }
            samples.append(try sample(line))
        }
        for sample in samples {
            let family = ["_bucket", "_sum", "_count"].reduce(sample.name) { name, suffix in
                name.hasSuffix(suffix) && types[String(name.dropLast(suffix.count))] == "histogram"
                    ? String(name.dropLast(suffix.count)) : name
            }
            guard types[family] != nil else { throw Malformed(line: "no TYPE for \(sample.name)") }
        }
        return samples
    }

    private static func sample(_ line: String) throws -> Sample {
        guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else {
            throw Malformed(line: line)
        }
        let series = line[..<space]
        guard let brace = series.firstIndex(of: "{") else {
            guard series.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == ":" }) else {
                throw Malformed(line: line)
            }
            return Sample(name: String(series), labels: [:], value: value)
        }
        guard series.hasSuffix("}") else { throw Malformed(line: line) }
        var labels: [String: String] = [:]
        var rest = series[series.index(after: brace)..<series.index(before: series.endIndex)]
        while !rest.isEmpty {
            guard let equals = rest.firstIndex(of: "="), rest[rest.index(after: equals)] == "\"" else {
                throw Malformed(line: line)
            }
            let name = String(rest[..<equals])
            var index = rest.index(equals, offsetBy: 2)
            var value = ""
            while index < rest.endIndex, rest[index] != "\"" {
                if rest[index] == "\\" { index = rest.index(after: index) }
                value.append(rest[index])
                index = rest.index(after: index)
            }
            guard index < rest.endIndex else { throw Malformed(line: line) }
            labels[name] = value
            rest = rest[rest.index(after: index)...]
            if rest.hasPrefix(",") { rest = rest.dropFirst() }
        }
        return Sample(name: String(series[..<brace]), labels: labels, value: value)
    }
}
