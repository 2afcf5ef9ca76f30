import ActionHubKit
import Auth
import Basics
import Foundation
import SQLite
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The kit's core against the real `actionhub serve`, over real HTTP (URLSession).
@Suite("ActionHubKit against the real server", .serialized)
struct ActionHubKitServerTests {
    static let secret = "kit-test-signing-secret-0123456789-abcdef"
    static let signer = try! TokenSigner(secret: Array(secret.utf8))

    static let routes = KitRoutes.socialPost

    static func like(_ post: String, text: String? = nil) -> NotificationResponse {
        NotificationResponse(
            actionIdentifier: text == nil ? "like" : "reply", userText: text, notificationIdentifier: "push-\(post)",
            categoryIdentifier: "social_post", notificationDate: Date(), userInfo: ["postId": .string(post)])
    }

    static func hub(
        port: Int, folder: URL, transport: any HTTPTransport = URLSessionTransport(timeout: 5),
        routes: KitRoutes = routes, credential: @escaping @Sendable () async -> Credential?
    ) throws -> ActionHub {
        try ActionHub(
            ActionHub.Configuration(
                server: URL(string: "http://127.0.0.1:\(port)")!, outboxFolder: folder, routes: routes,
                credential: credential, backoff: Backoff(initial: .milliseconds(100), maximum: .milliseconds(500)),
                transport: transport))
    }

    static func token(_ user: String) throws -> Credential {
        .userToken(try signer.mint(user: user, ttl: .seconds(3600)))
    }

    static func storedIds(_ databasePath: String) throws -> [String] {
        try SQLiteConnection(path: databasePath, mode: .readOnly).prepare("SELECT id FROM responses").rows {
            $0.text(at: 0) ?? ""
        }
    }

    /// `seconds` in the plain run; the ThreadSanitizer run, several times slower and running the
    /// suite's other servers beside it, gets more (200 deliveries took over 60 s there once).
    static func waitUntil(seconds: Double = 60, _ condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(TimingBudget.seconds(seconds))
        while Date() < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return condition()
    }

    @Test func responsesForwardedWhileTheServerIsDownAreStoredExactlyOnceWhenItIsBack() async throws {
        let port = try #require(PostgreSQLCluster.freePort())
        let folder = TemporaryDirectory.make()
        let credential = try Self.token("u-offline")
        let hub = try Self.hub(port: port, folder: folder) { credential }
        await hub.start()
        var links: [URL?] = []
        for index in 0..<200 {
            var response = Self.like("p-\(index % 7)")
            // Each push has its own identifier; the event id is derived from it.
            response.notificationIdentifier = "push-\(index)"
            if index % 50 == 0 { response.actionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier" }
            links.append(await hub.forward(response))
        }
        // The links came from the device, with no server to ask.
        #expect(
            links.compactMap { $0 }.map(\.absoluteString) == [
                "socialapp://posts/p-0", "socialapp://posts/p-1", "socialapp://posts/p-2", "socialapp://posts/p-3",
            ])
        #expect(hub.outbox.pending().count + hub.outbox.sending().count == 200)
        try await Task.sleep(for: .milliseconds(500))

        let server = try ServerProcess(port: port, arguments: ["--signing-secret", Self.secret, "--rate-limit", "0"])
        #expect(await Self.waitUntil { hub.outbox.isEmpty })
        await hub.stop()
        let ids = try Self.storedIds(server.databasePath)
        #expect(ids.count == 200)
        #expect(Set(ids).count == 200)
        #expect(hub.failures().isEmpty)
        #expect(server.stop() == 0)
    }

    @Test func aNewInstanceOverTheSameOutboxDeliversWhatTheOldOneHadNot() async throws {
        let server = try ServerProcess(arguments: ["--signing-secret", Self.secret, "--rate-limit", "0"])
        let folder = TemporaryDirectory.make()
        // The first run is signed out: it keeps what it is given, and the app is then killed.
        let first = try Self.hub(port: server.port, folder: folder) { nil }
        await first.start()
        for index in 0..<20 { await first.forward(Self.like("p-relaunch-\(index)")) }
        try await Task.sleep(for: .milliseconds(200))
        await first.stop()
        #expect(try Self.storedIds(server.databasePath).isEmpty)

        let credential = try Self.token("u-relaunch")
        let second = try Self.hub(port: server.port, folder: folder) { credential }
        await second.start()
        #expect(await Self.waitUntil { second.outbox.isEmpty })
        await second.stop()
        #expect(try Self.storedIds(server.databasePath).count == 20)
        #expect(server.stop() == 0)
    }

    @Test func a401PausesAndANewCredentialResumes() async throws {
        let server = try ServerProcess(arguments: ["--signing-secret", Self.secret, "--rate-limit", "0"])
        let current = Locked<Credential>(.userToken("not-a-token"))
        let hub = try Self.hub(port: server.port, folder: TemporaryDirectory.make()) { current.withLock { $0 } }
        var needed = false
        var delivered = 0
        // Subscribed before anything is forwarded: a subscription sees events from then on.
        let stream = hub.events()
        let events = Task {
            var seen: [DeliveryEvent] = []
            for await event in stream {
                seen.append(event)
                if seen.filter({ if case .delivered = $0 { true } else { false } }).count == 3 { break }
            }
            return seen
        }
        await hub.start()
        for index in 0..<3 { await hub.forward(Self.like("p-token-\(index)")) }
        #expect(
            await Self.waitUntil {
                hub.outbox.pending().count == 3 && hub.outbox.sending().isEmpty
                    && server.standardError.contains("credential refused")
            })
        try await Task.sleep(for: .milliseconds(300))
        #expect(try Self.storedIds(server.databasePath).isEmpty)
        current.withLock { $0 = try! Self.token("u-renewed") }
        await hub.credentialsChanged()
        let seen = await events.value
        for event in seen {
            switch event {
            case .needsCredential: needed = true
            case .delivered(_, let outcome, _):
                delivered += 1
                #expect(outcome == .like(liked: true, alreadyLiked: false, likeCount: 1))
            case .failed, .credentialUnavailable: Issue.record("unexpected \(event)")
            }
        }
        #expect(needed)
        #expect(delivered == 3)
        await hub.stop()
        #expect(try Self.storedIds(server.databasePath).count == 3)
        #expect(server.stop() == 0)
    }

    /// The declarative handlers' answers arrive as the kit's typed outcomes, in the order forwarded.
    @Test func aMeetingInvitesOutcomesAreTyped() async throws {
        let server = try ServerProcess(arguments: ["--signing-secret", Self.secret, "--rate-limit", "0"])
        let credential = try Self.token("u-invited")
        let hub = try ActionHub(
            ActionHub.Configuration(
                server: URL(string: "http://127.0.0.1:\(server.port)")!, outboxFolder: TemporaryDirectory.make(),
                routes: .shipped, credential: { credential },
                backoff: Backoff(initial: .milliseconds(100), maximum: .milliseconds(500)),
                transport: URLSessionTransport(timeout: 5)))
        let actions: [(String, String?)] = [
            ("accept", nil), ("decline", nil), ("bookmark", nil), ("feedback", "Running late"),
            ("com.apple.UNNotificationDismissActionIdentifier", nil),
        ]
        // Subscribed before anything is forwarded: a subscription sees events from then on.
        let stream = hub.events()
        let events = Task {
            var outcomes: [Outcome] = []
            for await event in stream {
                if case .delivered(_, let outcome, _) = event { outcomes.append(outcome) }
                if outcomes.count == actions.count { break }
            }
            return outcomes
        }
        await hub.start()
        for (action, text) in actions {
            await hub.forward(
                NotificationResponse(
                    actionIdentifier: action, userText: text, notificationIdentifier: "push-m",
                    categoryIdentifier: "meeting_invite", notificationDate: Date(),
                    userInfo: ["meetingId": .string("m-kit")]))
        }
        let outcomes = await events.value
        #expect(outcomes.count == 5)
        #expect(
            outcomes[0]
                == .choice(choice: "rsvp", value: "yes", previous: nil, counts: ["yes": 1, "no": 0, "maybe": 0]))
        #expect(
            outcomes[1]
                == .choice(choice: "rsvp", value: "no", previous: "yes", counts: ["yes": 0, "no": 1, "maybe": 0]))
        #expect(outcomes[2] == .toggle(member: true, changed: true, count: 1))
        if case .text(let entryId, let text) = outcomes[3] {
            #expect(text == "Running late" && UUID(uuidString: entryId) != nil)
        } else {
            Issue.record("feedback gave \(outcomes[3])")
        }
        #expect(outcomes[4] == .record)
        await hub.stop()
        #expect(server.stop() == 0)
    }

    @Test func a422IsAFailureWithItsProblem() async throws {
        let server = try ServerProcess(arguments: ["--signing-secret", Self.secret, "--rate-limit", "0"])
        let credential = try Self.token("u-long")
        // A kit generated before the server's limit was lowered checks no limit on the device: the
        // server's 422 is the backstop. (The route allows 500 characters of reply text.)
        var stale = Self.routes
        stale.categories["social_post"]?.textLimits = [:]
        let hub = try Self.hub(port: server.port, folder: TemporaryDirectory.make(), routes: stale) { credential }
        await hub.start()
        await hub.forward(Self.like("p-long", text: String(repeating: "x", count: 600)))
        #expect(await Self.waitUntil { !hub.failures().isEmpty })
        let failure = try #require(hub.failures().first)
        #expect(failure.reason == .refused)
        #expect(failure.status == 422)
        #expect(failure.problem?.type == "urn:actionhub:problem:validation")
        #expect(failure.problem?.errors?.contains { $0.field == "userText" } == true)
        #expect(hub.outbox.isEmpty)
        await hub.stop()
        #expect(server.stop() == 0)
    }

    /// Records when each response id was attempted and what came back, around the real transport.
    final class TimingTransport: HTTPTransport {
        let inner = URLSessionTransport(timeout: 5)
        let attempts = Locked<[(id: String, at: Date, status: Int?, retryAfter: String?)]>([])

        func post(_ attempt: TransportAttempt) async throws -> TransportAnswer {
            let id = attempt.id
            let at = Date()
            do {
                let answer = try await inner.post(attempt)
                attempts.withLock { $0.append((id, at, answer.status, answer.retryAfter)) }
                return answer
            } catch {
                attempts.withLock { $0.append((id, at, nil, nil)) }
                throw error
            }
        }
    }

    @Test func retryAfterIsHonoured() async throws {
        let server = try ServerProcess(
            arguments: ["--signing-secret", Self.secret, "--rate-limit", "1", "--rate-burst", "1"])
        let credential = try Self.token("u-limited")
        let transport = TimingTransport()
        let hub = try Self.hub(port: server.port, folder: TemporaryDirectory.make(), transport: transport) {
            credential
        }
        for index in 0..<3 { await hub.forward(Self.like("p-limited-\(index)")) }
        await hub.start()
        #expect(await Self.waitUntil { hub.outbox.isEmpty })
        await hub.stop()
        let attempts = transport.attempts.withLock { $0 }
        let limited = attempts.filter { $0.status == 429 }
        #expect(!limited.isEmpty, "the rate limit must answer 429 for the test to mean anything")
        for refusal in limited {
            let seconds = try #require(refusal.retryAfter.flatMap { Double($0) })
            let next = attempts.first { $0.id == refusal.id && $0.at > refusal.at }
            let waited = try #require(next).at.timeIntervalSince(refusal.at)
            #expect(waited >= seconds, "retried after \(waited) s, Retry-After said \(seconds) s")
        }
        #expect(try Self.storedIds(server.databasePath).count == 3)
        #expect(server.stop() == 0)
    }
}

@Suite("ActionHubKit's background-session transport against the real server")
struct BackgroundSessionTransportTests {
    /// On Linux the same delegate code runs on an ordinary session: uploads from files, answers
    /// gathered by the delegate, each caller resumed once.
    @Test func deliversThroughUploadTasksFromFiles() async throws {
        let server = try ServerProcess(arguments: [
            "--signing-secret", ActionHubKitServerTests.secret, "--rate-limit", "0",
        ])
        let uploads = TemporaryDirectory.make()
        let transport = try BackgroundSessionTransport(identifier: "actionhub.test", uploads: uploads, timeout: 10)
        let credential = try ActionHubKitServerTests.token("u-background")
        let hub = try ActionHubKitServerTests.hub(
            port: server.port, folder: TemporaryDirectory.make(), transport: transport
        ) {
            credential
        }
        await hub.start()
        for index in 0..<10 { await hub.forward(ActionHubKitServerTests.like("p-bg-\(index)")) }
        #expect(await ActionHubKitServerTests.waitUntil { hub.outbox.isEmpty })
        await hub.stop()
        transport.invalidate()
        #expect(try ActionHubKitServerTests.storedIds(server.databasePath).count == 10)
        #expect(try FileManager.default.contentsOfDirectory(atPath: uploads.path).isEmpty, "upload files are removed")
        #expect(server.stop() == 0)
    }
}
