import Foundation

/// The app side of ActionHub. The app's own notification delegate hands it each response:
///
/// ```swift
/// let link = await hub.forward(NotificationResponse(…))   // or hub.forward(response) on Apple
/// ```
///
/// `forward` writes the response to the outbox on disk before it awaits anything, returns the deep
/// link to open (resolved on the device from the routes), and starts delivering that response at
/// once, with the system asked for the time to finish. What is not delivered then stays in the
/// outbox and is sent with the same id and bytes until ActionHub stores it or refuses it for good.
/// What became of each response comes from `events()`; refused and expired ones stay readable in
/// `failures()`.
public actor ActionHub {
    public nonisolated let outbox: Outbox
    let configuration: Configuration
    let broadcast = EventBroadcast()
    var loop: Task<Void, Never>?
    /// Set by a 401; cleared by `credentialsChanged()`.
    var waitingForCredential = false
    /// Passes in a row that found no credential: the pause before the next grows with it.
    var missingCredentials = 0
    /// Entries this process has claimed and is sending.
    var inFlight: Set<String> = []
    /// Responses forwarded here and not yet tried in-line, with the end of each one's budget.
    private var inlineQueue: [(id: String, deadline: Date)] = []
    private var inlineWorker: Task<Void, Never>?
    private var sleeper: CheckedContinuation<Void, Never>?
    private var timer: Task<Void, Never>?
    private var wakeRequested = false

    public init(_ configuration: Configuration) throws {
        self.configuration = configuration
        outbox = try Outbox(folder: configuration.outboxFolder)
        // Set before the transport can call: it may hand over answers it kept at once.
        let hub = WeakHub()
        hub.value = self
        configuration.transport.deliverEarlierLaunchAnswers { id, answer in
            Task { await hub.value?.settleEarlierLaunch(id: id, answer: answer) }
        }
    }

    /// Every event from now on, for one subscriber; each call is a subscription of its own.
    public nonisolated func events() -> AsyncStream<DeliveryEvent> {
        broadcast.subscribe()
    }

    /// Starts delivering what waits in the outbox (what earlier runs and extensions left first).
    /// Call once at launch in the app; an extension that only forwards does not need to.
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
    /// none), then delivers it in-line, within `inlineBudget`, under the system's background time.
    /// A response the routes do not know is not forwarded: it is reported as a `notInRoutes`
    /// failure, and its link, if any, is still returned.
    @discardableResult
    public func forward(_ response: NotificationResponse, now: Date = Date()) -> URL? {
        let (id, link) = enqueue(response, now: now)
        if let id { deliverInline(id) }
        return link
    }

    /// Queues `id` for in-line delivery. One worker sends the queue in the order forwarded (a
    /// "yes" and then a "no" arrive in that order), each within its own budget from when it was
    /// forwarded, holding the system's background time while it runs: one assertion, however many
    /// responses.
    private func deliverInline(_ id: String) {
        inlineQueue.append((id, Date().addingTimeInterval(configuration.inlineBudget / .seconds(1))))
        guard inlineWorker == nil else { return }
        let time = configuration.backgroundTime
        inlineWorker = Task {
            await time.keepRunning(reason: "Delivering a notification action") { await self.drainInline() }
        }
    }

    /// When the system's time is up this is cancelled: what was not delivered stays in the outbox.
    private func drainInline() async {
        while !Task.isCancelled, !inlineQueue.isEmpty {
            let (id, deadline) = inlineQueue.removeFirst()
            let remaining = deadline.timeIntervalSinceNow
            if remaining > 0 { _ = await deliver(id, within: .milliseconds(Int64(remaining * 1000))) }
        }
        inlineQueue = []
        inlineWorker = nil
        // What it skipped or left (past its budget, cancelled) is the loop's now, which may be
        // asleep with nothing due: it saw these entries claimed.
        wake()
    }

    /// `forward`, then waits up to `timeout` for that response's outcome: for a Notification
    /// Content Extension that shows the result in place (a like count) without dismissing. Only
    /// this response is sent (what else waits is the app's to send); when it takes longer
    /// (offline), the outcome is nil and the response stays in the outbox for the app.
    public func forwardAndWait(_ response: NotificationResponse, timeout: Duration, now: Date = Date()) async -> (
        link: URL?, outcome: Outcome?
    ) {
        let (id, link) = enqueue(response, now: now)
        guard let id else { return (link, nil) }
        return (link, await deliver(id, within: timeout))
    }

    /// Writes the response to the outbox; the id it is stored under (nil when it is not), and its
    /// deep link. Nothing here awaits: the entry is on disk before anything else can happen.
    private func enqueue(_ response: NotificationResponse, now: Date) -> (id: String?, link: URL?) {
        let link = configuration.routes.deepLink(for: response)
        let id = response.eventID
        if let problem = configuration.routes.problem(with: response) {
            report(DeliveryFailure(id: id, reason: .notInRoutes, failedAt: now, detail: problem))
            return (nil, link)
        }
        do {
            let body = try ResponseBody(id: id, response: response, userId: nil, respondedAt: now).encoded()
            try outbox.add(id: id, body: body, at: now)
        } catch {
            report(DeliveryFailure(id: id, reason: .notStored, failedAt: now, detail: "\(error)"))
            return (nil, link)
        }
        return (id, link)
    }

    /// Call when the user signs in or a token is renewed: delivery paused by a 401 or waiting for
    /// a credential goes on at once.
    public func credentialsChanged() {
        waitingForCredential = false
        missingCredentials = 0
        wake()
    }

    /// One pass over the outbox now, for a `BGAppRefreshTask` or any other scheduler: sends what is
    /// due and returns when the next entry falls due (nil when nothing waits).
    public func deliverDueNow() async -> Date? {
        await deliverDue()
    }

    /// What could not be delivered, oldest first.
    public nonisolated func failures() -> [DeliveryFailure] {
        outbox.failures()
    }

    func report(_ failure: DeliveryFailure) {
        broadcast.send(.failed(failure))
    }

    private func run() async {
        while !Task.isCancelled {
            let nextDue = await deliverDue()
            guard !Task.isCancelled else { return }
            await sleep(until: nextDue)
        }
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

    func wake() {
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

/// Lets the transport's handler reach the hub without keeping it alive; set once, in `init`.
private final class WeakHub: @unchecked Sendable {
    weak var value: ActionHub?
}
