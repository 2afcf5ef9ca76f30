import ActionHubDomain
import ActionHubService
import Foundation
import HTTPClient
import HTTPServer
import JSON
import TestSupport
import Testing

/// `call` routes against a real backend (`scripts/call-backend`, which verifies every signature
/// with the `standardwebhooks` package from PyPI), on SQLite and on PostgreSQL.
@Suite("call routes against a real backend", .serialized)
struct CallRouteTests {
    enum Database: String, CaseIterable, Sendable {
        case sqlite, postgresql
    }

    static func server(_ database: Database, backend: CallBackend, concurrency: Int = 64) throws -> LiveServer {
        let url = database == .postgresql ? try PostgreSQLCluster.shared().makeDatabase() : nil
        return try LiveServer(
            signingSecret: url == nil ? nil : "postgresql-tests-signing-secret-0123456789", rateLimit: 0,
            routes: backend.routesDirectory.path, database: url,
            calls: CallSecret.Settings(file: backend.secretFile.path, concurrency: concurrency))
    }

    static func post(_ body: [UInt8], to server: LiveServer) throws -> (HTTPClientResponse, JSONValue) {
        let response = try RequestBodies.post(body, to: server.client)
        return (response, try JSONParser().parse(response.body))
    }

    @Test(arguments: Database.allCases)
    func theBackendsResultIsStoredOnceAndAReplayMakesNoCall(_ database: Database) throws {
        let backend = try CallBackend()
        let server = try Self.server(database, backend: backend)
        let id = UUID().uuidString
        let body = CallBackend.response(id: id, action: "accept")

        let (created, answer) = try Self.post(body, to: server)
        #expect(created.status == 201)
        #expect(answer["handler"] == .string("call"))
        #expect(
            answer["result"]
                == .object([
                    "accepted": .bool(true), "call": JSONValue(1), "eventId": .string(id), "userText": .null,
                ]))
        #expect(answer["call"]?["status"] == JSONValue(200))
        #expect(answer["subject"] == .object(["key": .string("orderId"), "id": .string("o-1")]))

        let calls = backend.calls(id: id)
        #expect(calls.count == 1)
        let call = try #require(calls.first)
        #expect(call.verified)
        #expect(call.idempotencyKey == id)
        #expect(call.payload?["type"] == .string("response.call"))
        let data = call.payload?["data"]
        #expect(data?["id"] == .string(id))
        #expect(data?["category"] == .string("order"))
        #expect(data?["actionIdentifier"] == .string("accept"))
        #expect(data?["userId"] == .string("u-1"))
        #expect(data?["subject"]?["id"] == .string("o-1"))
        #expect(data?["notification"]?["userInfo"]?["orderId"] == .string("o-1"))

        // The app's retry: the stored answer, byte for byte, and no second call.
        let replay = try RequestBodies.post(body, to: server.client)
        #expect(replay.status == 200)
        #expect(replay.header("Idempotent-Replayed") == "true")
        #expect(replay.body == created.body)
        #expect(backend.calls(id: id).count == 1)
        // The same id with other content is a conflict, also without a call.
        let other = try RequestBodies.post(CallBackend.response(id: id, action: "created"), to: server.client)
        #expect(other.status == 409)
        #expect(backend.calls(id: id).count == 1)

        // History and the feed show where the result came from.
        let stored = try server.client.send(method: "GET", path: "/v1/responses/\(id)")
        #expect(stored.body == created.body)
        let feed = try JSONParser().parse(try server.client.send(method: "GET", path: "/v1/events").body)
        let item = feed["items"]?.arrayValue?.first { $0["response"]?["id"] == .string(id) }
        #expect(item?["response"]?["handler"] == .string("call"))
        #expect(item?["response"]?["call"]?["status"] == JSONValue(200))

        let (createdByBackend, createdAnswer) = try Self.post(CallBackend.response(action: "created"), to: server)
        #expect(createdByBackend.status == 201)
        #expect(createdAnswer["result"] == .object(["created": .bool(true)]))
        #expect(createdAnswer["call"]?["status"] == JSONValue(201))

        let (commented, comment) = try Self.post(
            CallBackend.response(action: "comment", text: "after 3 pm"), to: server)
        #expect(commented.status == 201)
        #expect(comment["result"]?["userText"] == .string("after 3 pm"))

        let metrics = String(decoding: try server.client.send(method: "GET", path: "/metrics").body, as: UTF8.self)
        #expect(metrics.contains(#"actionhub_calls_total{category="order",action="accept",outcome="ok"} 1"#))
        #expect(metrics.contains(#"actionhub_call_duration_seconds_count{category="order",action="accept"} 1"#))
    }

    @Test(arguments: Database.allCases)
    func refusalsAndFailuresStoreNothingAndSayWhy(_ database: Database) throws {
        let backend = try CallBackend()
        let server = try Self.server(database, backend: backend)

        let refusedId = UUID().uuidString
        let (refused, problem) = try Self.post(CallBackend.response(id: refusedId, action: "refuse"), to: server)
        #expect(refused.status == 422)
        #expect(problem["type"] == .string("urn:actionhub:problem:refused-by-backend"))
        #expect(problem["title"] == .string("Meeting full"))
        #expect(problem["detail"] == .string("All 12 seats are taken."))
        #expect(problem["backendStatus"] == JSONValue(409))
        #expect(try server.client.send(method: "GET", path: "/v1/responses/\(refusedId)").status == 404)
        // Nothing was stored, so the same id may come again, and is asked again.
        #expect(
            try RequestBodies.post(CallBackend.response(id: refusedId, action: "refuse"), to: server.client).status
                == 422)
        #expect(backend.calls(id: refusedId).count == 2)

        let (forbidden, forbiddenProblem) = try Self.post(CallBackend.response(action: "forbid"), to: server)
        #expect(forbidden.status == 422)
        #expect(forbiddenProblem["backendStatus"] == JSONValue(403))
        #expect(forbiddenProblem["title"] == .string("Refused by the backend"))

        let failures: [(action: String, detail: String)] = [
            ("fail", "backend answered 502"),
            ("slow", "backend timed out after 0.5 s"),
            ("text", "backend answered 200 with a body that is not a JSON object"),
            ("big", "backend answered 200 with a body over 16 KiB"),
            ("unreachable", "backend could not be reached"),
        ]
        for failure in failures {
            let id = UUID().uuidString
            let started = Date()
            let (response, failureProblem) = try Self.post(
                CallBackend.response(id: id, action: failure.action), to: server)
            #expect(response.status == 503, "\(failure.action)")
            #expect(failureProblem["type"] == .string("urn:actionhub:problem:backend-unavailable"))
            let detail = failureProblem["detail"]?.stringValue ?? ""
            #expect(detail.hasPrefix(failure.detail), "\(failure.action): \(detail)")
            let retryAfter = Int(response.header("Retry-After") ?? "") ?? 0
            if failure.action == "fail" {
                #expect(retryAfter == 7)
            } else {
                #expect((1...5).contains(retryAfter), "\(failure.action): Retry-After \(retryAfter)")
            }
            if failure.action == "slow" { #expect(Date().timeIntervalSince(started) < TimingBudget.seconds(2.5)) }
            #expect(try server.client.send(method: "GET", path: "/v1/responses/\(id)").status == 404)
        }

        let metrics = String(decoding: try server.client.send(method: "GET", path: "/metrics").body, as: UTF8.self)
        #expect(metrics.contains(#"actionhub_calls_total{category="order",action="refuse",outcome="refused"} 2"#))
        #expect(metrics.contains(#"actionhub_calls_total{category="order",action="slow",outcome="timeout"} 1"#))
        #expect(metrics.contains(#"actionhub_calls_total{category="order",action="fail",outcome="failed"} 1"#))
        let logged = server.logLines.withLock { $0 }
        #expect(logged.contains { $0.contains(#""route":"order/slow""#) && $0.contains("timed out after 0.5 s") })
    }

    @Test(arguments: Database.allCases)
    func twoIdenticalRequestsInFlightStoreOneResultAndBothCarryIt(_ database: Database) throws {
        let backend = try CallBackend()
        let server = try Self.server(database, backend: backend)
        let body = CallBackend.response(action: "patient")
        let answers = concurrently(2) { _ in try? RequestBodies.post(body, to: server.client) }
        let statuses = answers.compactMap { $0?.status }.sorted()
        #expect(statuses == [200, 201])
        #expect(Set(answers.compactMap { $0?.body }).count == 1)
        // Both may have called (at least once to the backend); one result is stored.
        #expect((1...2).contains(backend.calls.count))
    }

    @Test func withEverySlotTakenACallIsAnsweredAtOnceNotQueued() throws {
        let backend = try CallBackend()
        let server = try Self.server(.sqlite, backend: backend, concurrency: 1)
        let slow = Thread { _ = try? RequestBodies.post(CallBackend.response(action: "patient"), to: server.client) }
        slow.start()
        let deadline = Date().addingTimeInterval(5)
        while backend.calls.isEmpty && Date() < deadline { usleep(10_000) }
        let started = Date()
        let (response, problem) = try Self.post(CallBackend.response(action: "accept"), to: server)
        #expect(Date().timeIntervalSince(started) < TimingBudget.seconds(1))
        #expect(response.status == 503)
        #expect(response.header("Retry-After") == "1")
        #expect(problem["detail"]?.stringValue?.contains("call slots are in use") == true)
        // A declarative route beside it is not held up.
        #expect(try RequestBodies.post(CallBackend.response(action: "star"), to: server.client).status == 201)
    }

    @Test func sqliteMakesItsCallSecretBesideTheDatabaseAndPostgreSQLAsksForOne() throws {
        let backend = try CallBackend()
        let database = TemporaryDatabase.path()
        // The shipped routes make no call: the secret is made on the first start all the same.
        let first = try LiveServer(database: database)
        first.stop()
        let path = CallSecret.defaultFile(forDatabase: database)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let secret = try String(contentsOfFile: path, encoding: .utf8)
        #expect(secret.hasPrefix("whsec_"))
        // The next start keeps it.
        let routes = try RouteLoader(handlers: .standard).load(directory: backend.routesDirectory.path)
        let second = try RunningService(
            ServiceConfiguration(
                database: .sqlite(path: database), routes: routes,
                http: HTTPServerConfiguration(port: 0, threadCount: 1)))
        second.stop()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == secret)
        // A backup copies the database alone.
        let copy = TemporaryDatabase.path()
        #expect(try ActionHubExecutable.run(["backup", "--database", database, "--to", copy]).status == 0)
        #expect(FileManager.default.fileExists(atPath: copy))
        let beside = try FileManager.default.contentsOfDirectory(atPath: (copy as NSString).deletingLastPathComponent)
        #expect(beside.allSatisfy { !$0.hasSuffix(".call-secret") }, "the backup's folder holds \(beside)")

        let url = try PostgreSQLCluster.shared().makeDatabase()
        #expect {
            _ = try LiveServer(
                signingSecret: "postgresql-tests-signing-secret-0123456789", routes: backend.routesDirectory.path,
                database: url)
        } throws: { error in
            "\(error)".contains("every instance needs the same call secret: give --call-secret-file")
        }
    }
}
