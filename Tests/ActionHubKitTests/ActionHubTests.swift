import ActionHubKit
import Basics
import Foundation
import Testing

@Suite struct ActionHubTests {
    static func hub(
        _ transport: ScriptedTransport, folder: URL = KitFixtures.folder(),
        credential: @escaping @Sendable () async -> Credential? = { .userToken("t-1") }
    ) throws -> ActionHub {
        try ActionHub(
            ActionHub.Configuration(
                server: URL(string: "http://127.0.0.1:9")!, outboxFolder: folder, routes: KitFixtures.routes,
                credential: credential, backoff: KitFixtures.fastBackoff, transport: transport))
    }

    @Test func forwardReturnsTheDeepLinkAtOnceAndHasTheResponseOnDisk() async throws {
        let transport = ScriptedTransport([ScriptedTransport.created()])
        // Signed out: nothing can be sent, so what forward left is all there is to see.
        let hub = try Self.hub(transport) { nil }
        var tap = KitFixtures.like(post: "p 1/x")
        tap.actionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"
        // The server answers socialapp://posts/p%201%2Fx for this push (pinned answer 17).
        #expect(await hub.forward(tap)?.absoluteString == "socialapp://posts/p%201%2Fx")
        #expect(await hub.forward(KitFixtures.like()) == nil)
        #expect(await KitFixtures.waitUntil { hub.outbox.pending().count == 2 })
        let body = try JSONSerialization.jsonObject(with: hub.outbox.pending()[0].body) as? [String: Any]
        #expect(body?["userId"] == nil, "a user token names the user; the body leaves it out")
        #expect((body?["notification"] as? [String: Any])?["categoryIdentifier"] as? String == "social_post")
        #expect(transport.sent.withLock { $0.isEmpty })
    }

    @Test func deliversWithTheSameIdAndBytesOnEveryAttemptAndReportsTheOutcome() async throws {
        let transport = ScriptedTransport([
            .failure(URLError(.notConnectedToInternet)),
            .success(TransportAnswer(status: 503, retryAfter: "0")),
            ScriptedTransport.created(),
        ])
        let hub = try Self.hub(transport)
        let log = EventLog()
        await log.follow(hub.events())
        await hub.forward(KitFixtures.like())
        await hub.start()
        #expect(await log.waitFor { $0.count == 1 })
        #expect(
            await log.events == [
                .delivered(
                    id: transport.sent.withLock { $0[0] }.bodyId,
                    outcome: .like(liked: true, alreadyLiked: false, likeCount: 1),
                    replayed: false)
            ])
        let sent = transport.sent.withLock { $0 }
        #expect(sent.count == 3)
        #expect(Set(sent.map(\.body)).count == 1)
        #expect(sent.allSatisfy { $0.headers["Authorization"] == "Bearer t-1" })
        #expect(hub.outbox.isEmpty)
        await hub.stop()
    }

    @Test func refusedResponsesBecomeFailuresWithTheProblem() async throws {
        let problem =
            #"{"type":"urn:actionhub:problem:validation","title":"t","status":422,"detail":"d","errors":[{"field":"userText","message":"too long"}]}"#
        let transport = ScriptedTransport([.success(TransportAnswer(status: 422, body: Data(problem.utf8)))])
        let hub = try Self.hub(transport)
        let log = EventLog()
        await log.follow(hub.events())
        await hub.forward(KitFixtures.reply("x"))
        await hub.start()
        #expect(await log.waitFor { $0.count == 1 })
        let failures = hub.failures()
        #expect(failures.count == 1)
        #expect(failures.first?.reason == .refused)
        #expect(failures.first?.status == 422)
        #expect(failures.first?.problem?.errors?.first?.field == "userText")
        #expect(await log.events == [.failed(failures[0])])
        #expect(transport.sent.withLock { $0.count } == 1, "a refused response is not retried")
        hub.outbox.dismissFailure(id: failures[0].id)
        #expect(hub.failures().isEmpty)
        await hub.stop()
    }

    @Test func aResponseTheRoutesDoNotKnowIsNotSent() async throws {
        let transport = ScriptedTransport([ScriptedTransport.created()])
        let hub = try Self.hub(transport)
        let log = EventLog()
        await log.follow(hub.events())
        var other = KitFixtures.like()
        other.categoryIdentifier = "shop_order"
        #expect(await hub.forward(other) == nil)
        var missingKey = KitFixtures.like()
        missingKey.userInfo = [:]
        await hub.forward(missingKey)
        var emptyKey = KitFixtures.like()
        emptyKey.userInfo = ["postId": .string("")]
        await hub.forward(emptyKey)
        var numberKey = KitFixtures.like()
        numberKey.userInfo = ["postId": .integer(7)]
        await hub.forward(numberKey)
        #expect(await log.waitFor { $0.count == 4 })
        let reasons = await log.events.compactMap { event -> DeliveryFailure.Reason? in
            if case .failed(let failure) = event { return failure.reason }
            return nil
        }
        #expect(reasons == [.notInRoutes, .notInRoutes, .notInRoutes, .notInRoutes])
        #expect(hub.outbox.isEmpty)
    }

    @Test func aRefusedCredentialPausesUntilTheAppSuppliesANewOne() async throws {
        let transport = ScriptedTransport([.success(TransportAnswer(status: 401)), ScriptedTransport.created()])
        let hub = try Self.hub(transport)
        let log = EventLog()
        await log.follow(hub.events())
        await hub.forward(KitFixtures.like())
        await hub.start()
        #expect(await log.waitFor { $0 == [.needsCredential] })
        try await Task.sleep(for: .milliseconds(300))
        #expect(transport.sent.withLock { $0.count } == 1, "nothing is retried while the credential is refused")
        await hub.credentialsChanged()
        #expect(await log.waitFor { $0.count == 2 })
        #expect(hub.outbox.isEmpty)
        await hub.stop()
    }

    @Test func responsesAreKeptWhileSignedOutAndTriedAgainWithoutBeingAsked() async throws {
        let transport = ScriptedTransport([ScriptedTransport.created()])
        let signedIn = Locked(false)
        let asked = Locked(0)
        let hub = try Self.hub(transport) {
            asked.withLock { $0 += 1 }
            return signedIn.withLock { $0 } ? .userToken("t-2") : nil
        }
        let log = EventLog()
        await log.follow(hub.events())
        await hub.forward(KitFixtures.like())
        await hub.start()
        // Each miss is reported and tried again after a pause, with no credentialsChanged().
        #expect(await log.waitFor { $0.filter(\.isCredentialUnavailable).count >= 3 })
        #expect(transport.sent.withLock { $0.isEmpty })
        #expect(hub.outbox.pending().count + hub.outbox.sending().count == 1)
        signedIn.withLock { $0 = true }
        #expect(await log.waitFor { $0.contains(where: \.isDelivered) })
        #expect(hub.outbox.isEmpty)
        #expect(asked.withLock { $0 } >= 4)
        await hub.stop()
    }

    @Test func anEntryOlderThanTheMaximumAgeExpires() async throws {
        let transport = ScriptedTransport([.failure(URLError(.timedOut))])
        let folder = KitFixtures.folder()
        let hub = try ActionHub(
            ActionHub.Configuration(
                server: URL(string: "http://127.0.0.1:9")!, outboxFolder: folder, routes: KitFixtures.routes,
                credential: { .userToken("t") }, maximumAge: .seconds(60), backoff: KitFixtures.fastBackoff,
                transport: transport))
        await hub.forward(KitFixtures.like(), now: Date().addingTimeInterval(-120))
        let log = EventLog()
        await log.follow(hub.events())
        await hub.start()
        #expect(await log.waitFor { $0.count == 1 })
        #expect(hub.failures().first?.reason == .expired)
        #expect(transport.sent.withLock { $0.isEmpty })
        await hub.stop()
    }
}

extension DeliveryEvent {
    var isDelivered: Bool {
        if case .delivered = self { true } else { false }
    }
    var isCredentialUnavailable: Bool {
        if case .credentialUnavailable = self { true } else { false }
    }
}

extension ScriptedTransport.Sent {
    /// The response id in the body.
    var bodyId: String {
        ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any])?["id"] as? String ?? ""
    }
}

@Suite struct ContentExtensionTests {
    @Test func forwardAndWaitGivesTheOutcomeForInPlaceFeedback() async throws {
        let transport = ScriptedTransport([
            ScriptedTransport.created(result: #"{"liked":true,"alreadyLiked":false,"likeCount":42}"#)
        ])
        let hub = try ActionHubTests.hub(transport)
        let (link, outcome) = await hub.forwardAndWait(KitFixtures.like(), timeout: .seconds(10))
        #expect(link == nil)
        #expect(outcome == .like(liked: true, alreadyLiked: false, likeCount: 42))
        #expect(hub.outbox.isEmpty)
        await hub.stop()
    }

    /// Offline, delivery never succeeds: returning at all is the timeout working (the time limit
    /// fails a hang; no elapsed-time bound, which a loaded machine under a sanitizer breaks).
    @Test(.timeLimit(.minutes(1)))
    func offlineTheOutcomeIsNilAndTheResponseStaysForTheApp() async throws {
        let transport = ScriptedTransport([.failure(URLError(.notConnectedToInternet))])
        let hub = try ActionHubTests.hub(transport)
        let (_, outcome) = await hub.forwardAndWait(KitFixtures.like(), timeout: .milliseconds(300))
        #expect(outcome == nil)
        await hub.stop()
        #expect(await KitFixtures.waitUntil { hub.outbox.pending().count == 1 })
    }
}
