import Foundation

/// The app side of ActionHub. The app's own notification delegate hands it each response:
///
/// ```swift
/// let link = await hub.forward(NotificationResponse(…))   // or hub.forward(response) on Apple
/// ```
///
/// `forward` returns at once with the deep link to open, resolved on the device from the routes,
/// after the response is in the outbox on disk; delivery happens in the background, with the same
/// id and bytes on every attempt, until ActionHub stores it or refuses it for good. What became of
/// each response comes as `events`; refused and expired ones stay readable in `failures()`.
public actor ActionHub {
    public struct Configuration: Sendable {
        /// ActionHub's base URL (`https://actionhub.example.com`).
        public var server: URL
        /// Where the outbox lives: in an App Group container when extensions forward too.
        public var outboxFolder: URL
        public var routes: KitRoutes
        /// The signed-in user's credential, asked for before every attempt; nil while signed
        /// out (responses are kept until there is one).
        public var credential: @Sendable () async -> Credential?
        /// A response not delivered within this long becomes an `expired` failure.
        public var maximumAge: Duration
        public var backoff: Backoff
        public var transport: any HTTPTransport

        public init(
            server: URL, outboxFolder: URL, routes: KitRoutes,
            credential: @escaping @Sendable () async -> Credential?, maximumAge: Duration = .seconds(7 * 86_400),
            backoff: Backoff = Backoff(), transport: any HTTPTransport = URLSessionTransport()
        ) {
            self.server = server
            self.outboxFolder = outboxFolder
            self.routes = routes
            self.credential = credential
            self.maximumAge = maximumAge
            self.backoff = backoff
            self.transport = transport
        }
    }

    public nonisolated let events: AsyncStream<DeliveryEvent>
    public nonisolated let outbox: Outbox
    private let configuration: Configuration
    private let eventSink: AsyncStream<DeliveryEvent>.Continuation
    private var loop: Task<Void, Never>?
    /// Set by a 401 or a sign-out; cleared by `credentialsChanged()`.
    private var waitingForCredential = false
    private var sleeper: CheckedContinuation<Void, Never>?
    private var timer: Task<Void, Never>?
    private var wakeRequested = false
    /// Callers of `forwardAndWait` waiting for their response's outcome, by id.
    private var outcomeWaiters: [String: CheckedContinuation<Outcome?, Never>] = [:]

    public init(_ configuration: Configuration) throws {
        self.configuration = configuration
        outbox = try Outbox(folder: configuration.outboxFolder)
        (events, eventSink) = AsyncStream.makeStream(of: DeliveryEvent.self, bufferingPolicy: .unbounded)
    }

    /// Starts delivering, what earlier runs left in the outbox first. Call once at launch.
    public func start() {
        guard loop == nil else { return }
        loop = Task { await self.run() }
    }

    /// Stops delivering after the attempt under way; the outbox keeps what is left.
    public func stop() async {
        let running = loop
        loop = nil
        running?.cancel()
        wake()
        await running?.value
    }

    /// Puts the response in the outbox and returns the deep link to open (nil when its action has
    /// none). A response the routes do not know is not forwarded: it is reported as a
    /// `notInRoutes` failure, and its link, if any, is still returned.
    @discardableResult
    public func forward(_ response: NotificationResponse, now: Date = Date()) async -> URL? {
        await enqueue(response, now: now).link
    }

    /// The id it was stored under (nil when it was not), and its deep link.
    private func enqueue(_ response: NotificationResponse, now: Date) async -> (id: String?, link: URL?) {
        let link = configuration.routes.deepLink(for: response)
        let id = UUID().uuidString
        if let problem = configuration.routes.problem(with: response) {
            report(DeliveryFailure(id: id, reason: .notInRoutes, failedAt: now, detail: problem))
            return (nil, link)
        }
        var userId: String?
        if case .apiKey(_, let user)? = await configuration.credential() { userId = user }
        do {
            let body = try ResponseBody(id: id, response: response, userId: userId, respondedAt: now).encoded()
            try outbox.add(id: id, body: body, at: now)
        } catch {
            report(DeliveryFailure(id: id, reason: .notStored, failedAt: now, detail: "\(error)"))
            return (nil, link)
        }
        wake()
        return (id, link)
    }

    /// `forward`, then waits up to `timeout` for the outcome: for a Notification Content
    /// Extension that shows the result in place (a like count) without dismissing. Delivery is
    /// tried at once; when it takes longer (offline), the outcome is nil and the response stays in
    /// the outbox for the app to deliver.
    public func forwardAndWait(_ response: NotificationResponse, timeout: Duration, now: Date = Date()) async -> (
        link: URL?, outcome: Outcome?
    ) {
        let (id, link) = await enqueue(response, now: now)
        guard let id else { return (link, nil) }
        start()
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Outcome?, Never>) in
            outcomeWaiters[id] = continuation
            Task { [weak self] in
                try? await Task.sleep(for: timeout)
                await self?.settle(id, nil)
            }
        }
        return (link, outcome)
    }

    private func settle(_ id: String, _ outcome: Outcome?) {
        outcomeWaiters.removeValue(forKey: id)?.resume(returning: outcome)
    }

    /// Call when the user signs in or a token is renewed: delivery paused by a 401 or a
    /// sign-out goes on.
    public func credentialsChanged() {
        waitingForCredential = false
        wake()
    }

    /// What could not be delivered, oldest first.
    public nonisolated func failures() -> [DeliveryFailure] {
        outbox.failures()
    }

    private func report(_ failure: DeliveryFailure) {
        eventSink.yield(.failed(failure))
    }

    private func run() async {
        while !Task.isCancelled {
            let nextDue = await deliverDue()
            guard !Task.isCancelled else { return }
            await sleep(until: nextDue)
        }
    }

    /// One pass over the outbox: sends what is due, in order. Returns when the next entry falls
    /// due, nil when nothing waits or delivery waits for a credential.
    private func deliverDue() async -> Date? {
        var nextDue: Date?
        for entry in outbox.pending() {
            guard !Task.isCancelled, !waitingForCredential else { return nil }
            let now = Date()
            if now.timeIntervalSince(entry.state.queuedAt) > configuration.maximumAge / .seconds(1) {
                fail(entry, DeliveryFailure(id: entry.id, reason: .expired, failedAt: now))
                continue
            }
            if entry.state.notBefore > now {
                nextDue = min(nextDue ?? entry.state.notBefore, entry.state.notBefore)
                continue
            }
            guard let credential = await configuration.credential() else {
                waitingForCredential = true
                return nil
            }
            if let retryAt = await attempt(entry, credential: credential) {
                nextDue = min(nextDue ?? retryAt, retryAt)
            }
        }
        return nextDue
    }

    /// Sends one entry and acts on the answer; returns when to try it again, if it is to be.
    private func attempt(_ entry: Outbox.Entry, credential: Credential) async -> Date? {
        let url = configuration.server.appendingPathComponent("v1/responses")
        let headers = ["Content-Type": "application/json", "Authorization": credential.authorization]
        let answer = try? await configuration.transport.post(url, headers: headers, body: entry.body)
        let now = Date()
        switch DeliveryDecision.decide(status: answer?.status, retryAfter: answer?.retryAfter, now: now) {
        case .delivered:
            outbox.remove(id: entry.id)
            let decoded = answer.flatMap { try? JSONDecoder().decode(Outcome.Answer.self, from: $0.body) }
            let outcome =
                decoded.map { Outcome(handler: $0.handler, result: $0.result) } ?? .other(handler: "", result: [:])
            eventSink.yield(.delivered(id: entry.id, outcome: outcome, replayed: answer?.status == 200))
            settle(entry.id, outcome)
            return nil
        case .retry(let after):
            var state = entry.state
            state.attempts += 1
            let delay = configuration.backoff.delay(afterAttempt: state.attempts, retryAfter: after)
            state.notBefore = now.addingTimeInterval(delay / .seconds(1))
            try? outbox.update(id: entry.id, state)
            return state.notBefore
        case .pauseForCredential:
            waitingForCredential = true
            eventSink.yield(.needsCredential)
            return nil
        case .refused:
            let problem = answer.flatMap { try? JSONDecoder().decode(DeliveryFailure.Problem.self, from: $0.body) }
            fail(
                entry,
                DeliveryFailure(id: entry.id, reason: .refused, status: answer?.status, problem: problem, failedAt: now)
            )
            return nil
        }
    }

    private func fail(_ entry: Outbox.Entry, _ failure: DeliveryFailure) {
        try? outbox.fail(entry, failure)
        report(failure)
        settle(entry.id, nil)
    }

    /// Sleeps until `date` (or, with nil, indefinitely), or until `wake()`.
    private func sleep(until date: Date?) async {
        if wakeRequested {
            wakeRequested = false
            return
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            sleeper = continuation
            if let date {
                let delay = max(0, date.timeIntervalSinceNow)
                timer = Task { [weak self] in
                    try? await Task.sleep(for: .milliseconds(Int64(delay * 1000) + 1))
                    await self?.wake()
                }
            }
        }
    }

    private func wake() {
        guard let sleeper else {
            wakeRequested = true
            return
        }
        self.sleeper = nil
        timer?.cancel()
        timer = nil
        sleeper.resume()
    }
}
