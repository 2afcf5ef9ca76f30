import Basics
import Foundation
import HTTPClient
import JSON
import PostgreSQL
import SQLite
import Synchronization
import TestSupport
import Testing

/// kill -9 of ActionHub while calls to a backend are in flight (at least 32 of them; fewer under
/// the sanitizers, whose slow clients cannot keep as many going: `ConcurrencyFloor`), a restart,
/// and the app's retries of every id it sent: each event answered 2xx is stored exactly once, with
/// the result the backend answered for it, and every retry is answered that same stored result.
@Suite("call routes under kill -9", .serialized)
struct CallCrashTests {
    /// Ids sent and, for those answered 2xx, the answer body. A client stops at its first request
    /// without an answer (the server was killed).
    final class CallLoad: Sendable {
        let sent = Locked<[String]>([])
        let answered = Locked<[String: [UInt8]]>([:])
        private let running = Atomic<Bool>(true)
        private let finished = DispatchGroup()

        init(clients: Int, to client: HTTPClient) {
            for _ in 0..<clients {
                finished.enter()
                Thread { [self] in
                    defer { finished.leave() }
                    while running.load(ordering: .relaxed) {
                        let id = UUID().uuidString
                        sent.withLock { $0.append(id) }
                        let response = try? RequestBodies.post(
                            CallBackend.response(id: id, action: "accept", order: "o-\(id.suffix(2))"), to: client)
                        // No answer at all: the server is gone, and this client stops.
                        guard let response else { return }
                        if (200..<300).contains(response.status) { answered.withLock { $0[id] = response.body } }
                    }
                }.start()
            }
        }

        func stop() {
            running.store(false, ordering: .relaxed)
            finished.wait()
        }
    }

    static func callsInFlight(_ server: ServerProcess) throws -> Int {
        let metrics = try server.client.send(method: "GET", path: "/metrics")
        let samples = try PrometheusText.parse(String(decoding: metrics.body, as: UTF8.self))
        return Int(samples.first { $0.name == "actionhub_calls_in_flight" }?.value ?? 0)
    }

    /// Every stored answer by id, and how many rows each id has.
    static func stored(in database: String) throws -> [String: (count: Int, answer: String)] {
        let query = "SELECT id, count(*), min(body) FROM responses GROUP BY id"
        var rows: [String: (count: Int, answer: String)] = [:]
        if database.hasPrefix("postgresql://") {
            let result = try PostgreSQLConnection(url: database).query(query)
            for row in result.rows({ (row: Int) in row }) {
                rows[result.text(row: row, column: 0) ?? ""] = (
                    Int(result.text(row: row, column: 1) ?? "") ?? 0, result.text(row: row, column: 2) ?? ""
                )
            }
        } else {
            let connection = try SQLiteConnection(path: database)
            let found = try connection.prepare(query).rows { statement in
                (statement.text(at: 0) ?? "", Int(statement.text(at: 1) ?? "") ?? 0, statement.text(at: 2) ?? "")
            }
            for (id, count, answer) in found { rows[id] = (count, answer) }
        }
        return rows
    }

    /// `ACTIONHUB_CRASH_ROUNDS` rounds (default 3) on one database.
    static func expectExactlyOnce(database: String, label: String) throws {
        let rounds = Int(ProcessInfo.processInfo.environment["ACTIONHUB_CRASH_ROUNDS"] ?? "") ?? 3
        var key: String?
        for round in 1...rounds {
            key = try Self.round(database: database, label: "\(label), round \(round)", adminKey: key)
        }
    }

    /// One round; returns the admin key for the next.
    static func round(database: String, label: String, adminKey: String?) throws -> String? {
        let backend = try CallBackend(delayMilliseconds: 150)
        let arguments = [
            "--rate-limit", "0", "--log-level", "warning", "--call-secret-file", backend.secretFile.path,
        ]
        let routes = backend.routesDirectory.path
        let server = try ServerProcess(databasePath: database, routes: routes, arguments: arguments, adminKey: adminKey)
        let load = CallLoad(clients: 64, to: server.client)
        let deadline = Date().addingTimeInterval(TimingBudget.seconds(20))
        while load.answered.withLock({ $0.count }) < 20 && Date() < deadline { usleep(10_000) }
        usleep(UInt32.random(in: 50_000...300_000))
        var inFlight = try Self.callsInFlight(server)
        let busyDeadline = Date().addingTimeInterval(TimingBudget.seconds(10))
        while inFlight < ConcurrencyFloor.requestsInFlight && Date() < busyDeadline {
            inFlight = try Self.callsInFlight(server)
        }
        _ = server.stop(signal: SIGKILL)
        load.stop()
        #expect(inFlight >= ConcurrencyFloor.requestsInFlight, "\(label): only \(inFlight) calls in flight at the kill")

        // The app retries everything it sent, answered or not, on the restarted server.
        let restarted = try ServerProcess(
            databasePath: database, routes: routes, arguments: arguments, adminKey: server.adminKey)
        let client = restarted.client
        let sent = load.sent.withLock { $0 }
        let answeredBefore = load.answered.withLock { $0 }
        let retried = concurrently(16) { worker in
            stride(from: worker, to: sent.count, by: 16).map { index -> (String, Int, [UInt8]) in
                let id = sent[index]
                let response = try? RequestBodies.post(
                    CallBackend.response(id: id, action: "accept", order: "o-\(id.suffix(2))"), to: client)
                return (id, response?.status ?? 0, response?.body ?? [])
            }
        }.flatMap { $0 }
        _ = restarted.stop()

        let stored = try Self.stored(in: database)
        let calls = Dictionary(grouping: backend.calls, by: \.id)
        for (id, body) in answeredBefore {
            guard let row = stored[id] else {
                Issue.record("\(label): \(id) was answered 2xx and is not stored")
                continue
            }
            #expect(row.count == 1, "\(label): \(id) stored \(row.count) times")
            #expect(Array(row.answer.utf8) == body, "\(label): \(id) was answered other than stored")
            // Its retry after the restart was answered from storage: the backend was asked once.
            #expect(calls[id]?.count == 1, "\(label): \(id), stored before the kill, was asked again")
        }
        for (id, status, body) in retried {
            #expect(status == 200 || status == 201, "\(label): the retry of \(id) got \(status)")
            guard let row = stored[id] else { continue }
            #expect(Array(row.answer.utf8) == body, "\(label): the retry of \(id) got other than stored")
            // The stored result is one the backend answered for this id.
            let result = try JSONParser().parse(row.answer)["result"]
            let number = result?["call"]?.intValue ?? 0
            #expect(result?["eventId"] == .string(id))
            let asked = calls[id]?.count ?? 0
            #expect(number >= 1 && number <= asked, "\(label): \(id) stored call \(number) of \(asked)")
        }
        #expect(stored.values.allSatisfy { $0.count == 1 })
        let askedAgain = calls.values.filter { $0.count > 1 }.count
        print(
            "call crash test \(label): \(inFlight) calls in flight at the kill, \(answeredBefore.count) answered before, "
                + "\(sent.count) retried after, \(stored.count) stored once each, \(askedAgain) asked twice")
        return server.adminKey
    }

    @Test func everyAnsweredCallIsStoredOnceWithTheBackendsResult() throws {
        try Self.expectExactlyOnce(
            database: TemporaryDirectory.make().appendingPathComponent("calls.sqlite").path, label: "on SQLite")
    }

    @Test func everyAnsweredCallIsStoredOnceWithTheBackendsResultOnPostgreSQL() throws {
        try Self.expectExactlyOnce(database: try PostgreSQLCluster.shared().makeDatabase(), label: "on PostgreSQL")
    }
}
