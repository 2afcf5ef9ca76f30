import Basics
import Foundation
import HTTPClient
import PostgreSQL
import SQLite
import Synchronization
import TestSupport
import Testing

/// kill -9 at a random moment under POST load, again and again on one database: every id that got
/// a 2xx must be there afterwards, and the database must pass integrity_check.
/// `ACTIONHUB_CRASH_ROUNDS` sets the rounds (default 3; the closing note reports 50).
@Suite("Crash safety under kill -9", .serialized)
struct CrashTests {
    struct Round {
        var acknowledged: [String]
        var lost: [String]
        var integrity: [String?]
        /// Requests the server held just before the kill (its gauge, without the scrape itself).
        var inFlightAtKill: Int
    }

    /// One round: load from 64 clients, each on a thread of its own, kill -9 after a random
    /// 50–400 ms once the server holds at least 32 requests, then check the database.
    static func round(database: String, adminKey: String?, environment: [String: String]) throws -> (Round, String?) {
        let server = try ServerProcess(
            databasePath: database, arguments: ["--rate-limit", "0", "--log-level", "warning"],
            environment: environment,
            adminKey: adminKey)
        let load = PostLoad(clients: 64, to: server.client)
        // Kill only once events are being acknowledged (a slow, sanitized build takes a while to
        // answer the first ones), at a random moment after that.
        load.waitForAcknowledgements(5, within: 20)
        usleep(UInt32.random(in: 50_000...400_000))
        // Then at the first moment the server holds at least half the clients' requests.
        var inFlight = try Self.requestsInFlight(server)
        let busyDeadline = Date().addingTimeInterval(TimingBudget.seconds(10))
        while inFlight < ConcurrencyFloor.requestsInFlight && Date() < busyDeadline {
            inFlight = try Self.requestsInFlight(server)
        }
        _ = server.stop(signal: SIGKILL)
        load.stop()

        let (stored, integrity) = try storedIds(in: database)
        let ids = load.acknowledged
        return (
            Round(
                acknowledged: ids, lost: ids.filter { !stored.contains($0) }, integrity: integrity,
                inFlightAtKill: inFlight), server.adminKey
        )
    }

    /// The server's requests in flight, from its gauge, less the scrape that asks.
    static func requestsInFlight(_ server: ServerProcess) throws -> Int {
        let metrics = try server.client.send(method: "GET", path: "/metrics")
        let samples = try PrometheusText.parse(String(decoding: metrics.body, as: UTF8.self))
        return Int(samples.first { $0.name == "actionhub_requests_in_flight" }?.value ?? 0) - 1
    }

    /// The ids in the database, and its integrity check (PostgreSQL checks itself on recovery:
    /// here only the ActionHub process is killed, not the database server).
    static func storedIds(in database: String) throws -> (Set<String>, [String?]) {
        guard database.hasPrefix("postgresql://") else {
            let connection = try SQLiteConnection(path: database)
            let stored = Set(try connection.prepare("SELECT id FROM responses").rows { $0.text(at: 0) ?? "" })
            return (stored, try connection.prepare("PRAGMA integrity_check").rows { $0.text(at: 0) })
        }
        let result = try PostgreSQLConnection(url: database).query("SELECT id FROM responses")
        return (Set(result.rows { result.text(row: $0, column: 0) ?? "" }), ["ok"])
    }

    /// `ACTIONHUB_CRASH_ROUNDS` rounds (default 3) on one database: no acknowledged event may be
    /// missing afterwards.
    static func expectNoLoss(database: String, label: String) throws {
        let rounds = Int(ProcessInfo.processInfo.environment["ACTIONHUB_CRASH_ROUNDS"] ?? "") ?? 3
        var key: String?
        var acknowledged = 0
        for number in 1...rounds {
            let (round, adminKey) = try Self.round(database: database, adminKey: key, environment: [:])
            key = adminKey
            acknowledged += round.acknowledged.count
            #expect(round.lost.isEmpty, "round \(number): \(round.lost.count) acknowledged events lost")
            #expect(round.integrity == ["ok"], "round \(number)")
            #expect(
                round.inFlightAtKill >= ConcurrencyFloor.requestsInFlight,
                "round \(number): \(round.inFlightAtKill) of 64 requests in flight")
        }
        #expect(acknowledged >= rounds * 5, "the load must get events acknowledged to prove anything")
        print("crash test \(label): \(rounds) rounds, \(acknowledged) acknowledged events, 0 lost")
    }

    @Test func noAcknowledgedEventIsLost() throws {
        try Self.expectNoLoss(
            database: TemporaryDirectory.make().appendingPathComponent("crash.sqlite").path, label: "on SQLite")
    }

    @Test func noAcknowledgedEventIsLostOnPostgreSQL() throws {
        try Self.expectNoLoss(database: try PostgreSQLCluster.shared().makeDatabase(), label: "on PostgreSQL")
    }

    /// The same test catches loss when the server answers before COMMIT: proof that it can fail.
    @Test func answeringBeforeCommitIsCaught() throws {
        let database = TemporaryDirectory.make().appendingPathComponent("unsafe.sqlite").path
        var key: String?
        var lost = 0
        for _ in 1...20 where lost == 0 {
            let (round, adminKey) = try Self.round(
                database: database, adminKey: key, environment: ["ACTIONHUB_UNSAFE_ACKNOWLEDGE_BEFORE_COMMIT": "1"])
            key = adminKey
            lost += round.lost.count
        }
        #expect(lost > 0, "20 rounds of kill -9 never caught an event acknowledged before its COMMIT")
    }
}
