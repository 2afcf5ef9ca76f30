import ActionHubKit
import Basics
import Foundation
import TestSupport
import Testing

/// What the kit promises an app about each response: on disk before anything is awaited, one
/// event whoever forwards it, sent by one process at a time, and never waiting silently.
@Suite struct DeliveryGuaranteesTests {
    static func hub(
        _ transport: any HTTPTransport, folder: URL, backgroundTime: any BackgroundTime = SystemBackgroundTime(),
        credential: @escaping @Sendable () async -> Credential? = { .userToken("t-1") }
    ) throws -> ActionHub {
        try ActionHub(
            ActionHub.Configuration(
                server: URL(string: "http://127.0.0.1:9")!, outboxFolder: folder, routes: KitFixtures.routes,
                credential: credential, backoff: KitFixtures.fastBackoff, transport: transport,
                inlineBudget: Self.inlineBudget, backgroundTime: backgroundTime))
    }

    /// Far beyond the 20 s default: in the whole suite on two cores the blocking tests hold the
    /// cooperative threads for a minute and more, and an in-line send that starts past its budget
    /// is left to a loop these hubs do not run.
    static let inlineBudget = Duration.seconds(600)

    /// `count` likes of distinct pushes left in `folder` by a signed-out run: the backlog. Returns
    /// once that run has tried each and given it back (a credential miss each), so that it
    /// touches none of them afterwards.
    static func backlog(_ count: Int, in folder: URL) async throws -> [String] {
        let signedOut = try hub(ScriptedTransport([ScriptedTransport.created()]), folder: folder) { nil }
        let misses = EventLog()
        await misses.follow(signedOut.events())
        var ids: [String] = []
        for index in 0..<count {
            var like = KitFixtures.like(post: "p-\(index)")
            like.notificationIdentifier = "push-backlog-\(index)"
            ids.append(like.eventID)
            await signedOut.forward(like, now: Date().addingTimeInterval(Double(index - count)))
        }
        #expect(
            await misses.waitFor(seconds: TimingBudget.seconds(60)) { events in
                events.count { if case .credentialUnavailable = $0 { true } else { false } } == count
            })
        #expect(await KitFixtures.waitUntil { signedOut.outbox.pending().count == count })
        return ids
    }

    /// A credential closure that does not return until the test opens it: `forward` returning at
    /// all while it is shut is `forward` not awaiting it.
    @Test(.timeLimit(.minutes(1)))
    func theResponseIsOnDiskBeforeTheCredentialIsAskedFor() async throws {
        let gate = Gate()
        let transport = ScriptedTransport([ScriptedTransport.created()])
        let hub = try Self.hub(transport, folder: KitFixtures.folder()) {
            await gate.wait()
            return .userToken("t-slow")
        }
        let log = EventLog()
        await log.follow(hub.events())
        await hub.forward(KitFixtures.like())
        #expect(hub.outbox.pending().count + hub.outbox.sending().count == 1)
        #expect(transport.sent.withLock { $0.isEmpty })
        await gate.open()
        #expect(await log.waitFor { $0.contains(where: \.isDelivered) })
        #expect(hub.outbox.isEmpty)
    }

    @Test func theSameResponseForwardedTwiceIsOneEvent() async throws {
        let transport = ScriptedTransport([ScriptedTransport.created()])
        let folder = KitFixtures.folder()
        let app = try Self.hub(transport, folder: folder)
        let contentExtension = try Self.hub(transport, folder: folder)
        let reply = KitFixtures.reply("On my way")
        let (_, outcome) = await contentExtension.forwardAndWait(reply, timeout: .seconds(10))
        #expect(outcome != nil)
        await app.forward(reply)
        await app.forward(reply)
        #expect(await KitFixtures.waitUntil { app.outbox.isEmpty && transport.sent.withLock { $0.count } >= 2 })
        let ids = transport.sent.withLock { $0.map(\.bodyId) }
        #expect(Set(ids) == [reply.eventID])
        var other = reply
        other.userText = "On my way!"
        #expect(other.eventID != reply.eventID)
    }

    @Test func anExtensionSendsOnlyItsOwnResponse() async throws {
        let folder = KitFixtures.folder()
        let older = try await Self.backlog(20, in: folder)
        let transport = ScriptedTransport([
            ScriptedTransport.created(result: #"{"liked":true,"alreadyLiked":false,"likeCount":42}"#)
        ])
        let contentExtension = try Self.hub(transport, folder: folder)
        let like = KitFixtures.like(post: "p-now")
        let (_, outcome) = await contentExtension.forwardAndWait(like, timeout: .seconds(10))
        #expect(outcome == .like(liked: true, alreadyLiked: false, likeCount: 42))
        #expect(transport.sent.withLock { $0.map(\.id) } == [like.eventID])
        #expect(Set(contentExtension.outbox.pending().map(\.id)) == Set(older))
    }

    @Test func twoProcessesOnOneOutboxSendEachEntryOnce() async throws {
        let folder = KitFixtures.folder()
        let ids = try await Self.backlog(30, in: folder)
        let transport = ScriptedTransport([ScriptedTransport.created()], delay: .milliseconds(20))
        let app = try Self.hub(transport, folder: folder)
        let contentExtension = try Self.hub(transport, folder: folder)
        await app.start()
        await contentExtension.start()
        #expect(await KitFixtures.waitUntil { app.outbox.isEmpty })
        await app.stop()
        await contentExtension.stop()
        let sent = transport.sent.withLock { $0.map(\.id) }
        #expect(sent.sorted() == ids.sorted(), "each entry sent once, by one of the two")
    }

    @Test func anAnswerForAnEarlierLaunchsAttemptSettlesItsEntry() async throws {
        let folder = KitFixtures.folder()
        let ids = try await Self.backlog(2, in: folder)
        let transport = EarlierLaunchTransport()
        let hub = try Self.hub(transport, folder: folder)
        transport.answer(ids[0], try ScriptedTransport.created().get())
        transport.answer(ids[1], TransportAnswer(status: 503))
        // The two answers settle in either order: wait for both.
        #expect(
            await KitFixtures.waitUntil {
                let pending = hub.outbox.pending()
                return pending.map(\.id) == [ids[1]] && pending.first?.state.attempts == 1
            })
        #expect(transport.posted.withLock { $0 } == 0, "settled from the answer, not sent again")
    }

    @Test func everySubscriberSeesEveryEvent() async throws {
        let hub = try Self.hub(ScriptedTransport([ScriptedTransport.created()]), folder: KitFixtures.folder())
        let (badge, log) = (EventLog(), EventLog())
        await badge.follow(hub.events())
        await log.follow(hub.events())
        await hub.forward(KitFixtures.like())
        #expect(await badge.waitFor { $0.contains(where: \.isDelivered) })
        #expect(await log.waitFor { $0.contains(where: \.isDelivered) })
    }

    @Test func aTextOverTheRoutesLimitIsRefusedOnTheDevice() async throws {
        let transport = ScriptedTransport([ScriptedTransport.created()])
        let hub = try Self.hub(transport, folder: KitFixtures.folder())
        let log = EventLog()
        await log.follow(hub.events())
        await hub.forward(KitFixtures.reply(String(repeating: "é", count: 501)))
        #expect(await log.waitFor { !$0.isEmpty })
        guard case .failed(let failure)? = await log.events.first else {
            Issue.record("no failure: \(await log.events)")
            return
        }
        #expect(failure.reason == .notInRoutes)
        #expect(failure.detail == "userText has 501 characters; reply takes at most 500")
        await hub.forward(KitFixtures.reply(String(repeating: "é", count: 500)))
        #expect(await log.waitFor { $0.contains(where: \.isDelivered) })
        #expect(transport.sent.withLock { $0.count } == 1)
    }

    @Test func aMissingAppGroupIsAnErrorNotAFolderNobodyShares() {
        #expect(throws: ActionHub.AppGroupUnavailable(appGroup: "group.com.example.social")) {
            try ActionHub.Configuration.outboxFolder(appGroup: "group.com.example.social")
        }
        #expect(
            ActionHub.AppGroupUnavailable(appGroup: "group.x").description.contains(
                "add the App Groups capability with group.x"))
    }

    @Test func inLineDeliveryHoldsTheSystemsBackgroundTimeUntilItIsDone() async throws {
        let time = RecordingBackgroundTime()
        let transport = ScriptedTransport([ScriptedTransport.created()], delay: .milliseconds(50)) {
            time.holding
        }
        let hub = try Self.hub(transport, folder: KitFixtures.folder(), backgroundTime: time)
        let likes = (0..<3).map { index in
            var like = KitFixtures.like(post: "p-\(index)")
            like.notificationIdentifier = "push-inline-\(index)"
            return like
        }
        for like in likes { await hub.forward(like) }
        #expect(await KitFixtures.waitUntil { hub.outbox.isEmpty && !time.holding })
        let sent = transport.sent.withLock { $0 }
        #expect(sent.map(\.id) == likes.map(\.eventID), "in the order forwarded")
        #expect(sent.allSatisfy { $0.duringBackgroundTime })
        #expect((1...3).contains(time.grants.withLock { $0 }))
    }

    @Test(.timeLimit(.minutes(1)))
    func whenTheSystemsTimeRunsOutTheResponseStaysInTheOutbox() async throws {
        let time = RecordingBackgroundTime(expiresAfter: .milliseconds(200))
        let hub = try Self.hub(HangingTransport(), folder: KitFixtures.folder(), backgroundTime: time)
        await hub.forward(KitFixtures.like())
        #expect(await KitFixtures.waitUntil { hub.outbox.pending().count == 1 && !time.holding })
        #expect(hub.failures().isEmpty)
    }
}

/// Opens once; waiters before that wait.
actor Gate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }
}

/// Background time as a test sees it: whether it is held, how often it was granted, and, if set,
/// the system's expiry after a while.
final class RecordingBackgroundTime: BackgroundTime {
    let grants = Locked(0)
    private let held = Locked(0)
    private let expiresAfter: Duration?

    init(expiresAfter: Duration? = nil) {
        self.expiresAfter = expiresAfter
    }

    var holding: Bool { held.withLock { $0 > 0 } }

    func keepRunning(reason: String, _ work: @escaping @Sendable () async -> Void) async {
        grants.withLock { $0 += 1 }
        held.withLock { $0 += 1 }
        let running = Task { await work() }
        if let expiresAfter {
            Task {
                try? await Task.sleep(for: expiresAfter)
                running.cancel()
            }
        }
        await running.value
        held.withLock { $0 -= 1 }
    }
}

/// A server that never answers: an attempt ends only when it is cancelled.
struct HangingTransport: HTTPTransport {
    func post(_ attempt: TransportAttempt) async throws -> TransportAnswer {
        try await Task.sleep(for: .seconds(3600))
        throw URLError(.timedOut)
    }
}

/// A background session after a relaunch: answers for tasks an earlier launch made, and no sends.
final class EarlierLaunchTransport: HTTPTransport {
    let posted = Locked(0)
    private let handler = Locked<(@Sendable (String, TransportAnswer?) -> Void)?>(nil)

    func post(_ attempt: TransportAttempt) async throws -> TransportAnswer {
        posted.withLock { $0 += 1 }
        throw URLError(.notConnectedToInternet)
    }

    func deliverEarlierLaunchAnswers(to handler: @escaping @Sendable (String, TransportAnswer?) -> Void) {
        self.handler.withLock { $0 = handler }
    }

    func answer(_ id: String, _ answer: TransportAnswer) {
        handler.withLock { $0 }?(id, answer)
    }
}
