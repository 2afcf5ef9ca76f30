import Basics
import Dispatch
import Foundation
import HTTPClient
import JSON
import PostgreSQL
import Replay
import Synchronization
import TestSupport
import Testing

/// Servers on PostgreSQL, over HTTP: the core's fixtures, several instances on one database, and
/// the database restarting under load.
@Suite("Servers on PostgreSQL")
struct PostgreSQLServerTests {
    static func json(_ response: HTTPClientResponse?) -> JSONValue? {
        response.flatMap { try? JSONParser().parse($0.body) }
    }

    /// Two instances on one new database; the second uses the admin key the first printed.
    static func twoServers() throws -> [ServerProcess] {
        let url = try PostgreSQLCluster.shared().makeDatabase()
        let first = try ServerProcess(databasePath: url, arguments: ["--rate-limit", "0"])
        let second = try ServerProcess(databasePath: url, arguments: ["--rate-limit", "0"], adminKey: first.adminKey)
        return [first, second]
    }

    @Test func theCoreFixturesPassUnchanged() throws {
        let server = try ServerProcess(databasePath: try PostgreSQLCluster.shared().makeDatabase())
        let runner = FixtureRunner(client: server.anonymousClient, credential: server.adminKey)
        let fixtures = try Fixture.load(directory: FixtureReplayTests.fixtureDirectory)
        #expect(fixtures.count >= 25)
        for fixture in fixtures {
            let failure = runner.run(fixture)
            #expect(failure == nil, "\(fixture.name): \(failure ?? "")")
        }
        #expect(server.stop() == 0)
    }

    @Test func theLogShowsTheDatabaseWithoutItsPassword() throws {
        let url = try PostgreSQLCluster.shared().makeDatabase()
        // The test cluster trusts loopback connections, so any password connects.
        let withPassword = url.replacingOccurrences(of: "actionhub@", with: "actionhub:hunter2-secret@")
        let server = try ServerProcess(databasePath: withPassword)
        #expect(server.stop() == 0)
        #expect(server.standardError.contains(#""database":"postgresql://actionhub:redacted@127.0.0.1"#))
        #expect(!server.standardError.contains("hunter2-secret"))
        let inQuery = try ServerProcess(databasePath: url + "?password=hunter3-secret", adminKey: server.adminKey)
        #expect(inQuery.stop() == 0)
        #expect(inQuery.standardError.contains("password=redacted"))
        #expect(!inQuery.standardError.contains("hunter3-secret"))
    }

    /// A read on PostgreSQL holds its thread for a round trip, so threads grow with the cores
    /// that can serve them: two per core, at least 4.
    @Test func twoThreadsPerCoreServePostgreSQLByDefault() throws {
        let server = try ServerProcess(databasePath: try PostgreSQLCluster.shared().makeDatabase())
        #expect(server.stop() == 0)
        let expected = max(4, 2 * ProcessInfo.processInfo.activeProcessorCount)
        #expect(server.standardError.contains(#""threads":\#(expected)"#))
    }

    @Test func theSameUserLikingThroughBothInstancesAtOnceLikesOnce() throws {
        let servers = try Self.twoServers()
        let clients = servers.map(\.client)
        let statuses = concurrently(24) { index in
            try? RequestBodies.post(
                RequestBodies.response(user: "same-user", post: "p-same"), to: clients[index % 2]
            )
            .status
        }
        #expect(statuses.allSatisfy { $0 == 201 })
        for server in servers {
            let likes = try server.client.send(method: "GET", path: "/v1/posts/p-same/likes")
            #expect(Self.json(likes)?["likeCount"] == JSONValue(1))
        }
    }

    @Test func theSameIdSentToBothInstancesAtOnceIsStoredOnceWithOneBody() throws {
        let servers = try Self.twoServers()
        let clients = servers.map(\.client)
        for round in 0..<10 {
            let body = RequestBodies.response(user: "u-\(round)", post: "p-\(round)")
            let answers = concurrently(2) { index in try? RequestBodies.post(body, to: clients[index]) }
            #expect(Set(answers.map { $0?.status }) == [201, 200], "round \(round)")
            #expect(answers[0]?.body == answers[1]?.body, "round \(round)")
            let likes = try servers[round % 2].client.send(method: "GET", path: "/v1/posts/p-\(round)/likes")
            #expect(Self.json(likes)?["likeCount"] == JSONValue(1))
        }
    }

    @Test func likeCountEqualsTheDistinctLikersAcrossInstances() throws {
        let servers = try Self.twoServers()
        let clients = servers.map(\.client)
        let statuses = concurrently(240) { index in
            try? RequestBodies.post(
                RequestBodies.response(user: "u-\(index % 41)", post: "p-hot"), to: clients[index % 2]
            ).status
        }
        #expect(statuses.allSatisfy { $0 == 201 })
        var likers: Set<String> = []
        var path: String? = "/v1/posts/p-hot/likes?limit=16"
        while let next = path {
            let page = Self.json(try servers[1].client.send(method: "GET", path: next))
            #expect(page?["likeCount"] == JSONValue(41))
            for like in page?["items"]?.arrayValue ?? [] { likers.insert(like["userId"]?.stringValue ?? "") }
            path = page?["nextCursor"]?.stringValue.map { "/v1/posts/p-hot/likes?limit=16&cursor=\($0)" }
        }
        #expect(likers.count == 41)
    }

    /// The database goes away under load from 64 clients (a thread each, at least 32 requests in
    /// the server when it goes) and comes back once a request was refused: requests in the gap are
    /// refused with 503, no 2xx is given for an event that is not stored, and the server recovers
    /// by itself.
    @Test func aDatabaseRestartUnderLoadNeverAcknowledgesAnUnstoredEvent() throws {
        let cluster = try PostgreSQLCluster()
        defer { cluster.stop() }
        let url = try cluster.makeDatabase()
        let server = try ServerProcess(databasePath: url, arguments: ["--rate-limit", "0", "--log-level", "error"])
        let client = server.client
        let acknowledged = Locked<[String]>([])
        let statuses = Locked<[Int: Int]>([:])
        let running = Atomic<Bool>(true)
        let clients = DispatchGroup()
        for _ in 0..<64 {
            clients.enter()
            Thread {
                defer { clients.leave() }
                while running.load(ordering: .relaxed) {
                    let id = UUID().uuidString
                    guard
                        let response = try? RequestBodies.post(
                            RequestBodies.response(id: id, user: "u-\(id.prefix(6))"), to: client)
                    else { continue }
                    statuses.withLock { $0[response.status, default: 0] += 1 }
                    if (200..<300).contains(response.status) { acknowledged.withLock { $0.append(id) } }
                }
            }.start()
        }
        func waitForAcknowledgements(beyond count: Int) {
            let deadline = Date().addingTimeInterval(TimingBudget.seconds(20))
            while acknowledged.withLock({ $0.count }) < count + 20 && Date() < deadline { usleep(10_000) }
        }
        waitForAcknowledgements(beyond: 0)
        var inFlight = try CrashTests.requestsInFlight(server)
        let busyDeadline = Date().addingTimeInterval(TimingBudget.seconds(10))
        while inFlight < ConcurrencyFloor.requestsInFlight && Date() < busyDeadline {
            inFlight = try CrashTests.requestsInFlight(server)
        }
        #expect(
            inFlight >= ConcurrencyFloor.requestsInFlight,
            "\(inFlight) of 64 requests in flight when the database stopped")
        cluster.stop()
        // Down until a request has been refused, however slow the server (a sanitizer build
        // answered no request in a fixed half second).
        let downDeadline = Date().addingTimeInterval(30)
        while statuses.withLock({ $0[503] ?? 0 }) == 0 && Date() < downDeadline { usleep(10_000) }
        let beforeRestart = acknowledged.withLock { $0.count }
        try cluster.start()
        waitForAcknowledgements(beyond: beforeRestart)
        running.store(false, ordering: .relaxed)
        clients.wait()

        let seen = statuses.withLock { $0 }
        #expect((seen[503] ?? 0) > 0, "requests during the gap are refused: \(seen)")
        #expect(Set(seen.keys).isSubset(of: [201, 503]), "\(seen)")
        #expect(acknowledged.withLock { $0.count } >= beforeRestart + 20, "the server recovered by itself")
        let result = try PostgreSQLConnection(url: url).query("SELECT id FROM responses")
        let stored = Set(result.rows { result.text(row: $0, column: 0) ?? "" })
        let lost = acknowledged.withLock { $0 }.filter { !stored.contains($0) }
        #expect(lost.isEmpty, "\(lost.count) acknowledged events are not stored")
        print("PostgreSQL restart under load: statuses \(seen.sorted { $0.key < $1.key }), \(lost.count) lost")
        #expect(try client.send(method: "GET", path: "/readyz").status == 200)
        #expect(server.stop() == 0)
    }
}
