import ActionHubDomain
import Basics
import Foundation
import Telemetry

/// Delivers the outbox: one thread claims due deliveries and records what attempts came to, one
/// lane of threads per endpoint makes the attempts. Never on a request's path: a POST only writes
/// the outbox rows, in its own transaction.
///
/// Its shared state (finished attempts, whether it stops) is only touched with `wake` locked.
public final class WebhookDispatcher: @unchecked Sendable {
    public struct Options: Sendable {
        public var retry: RetrySchedule
        /// How long an attempt may take, connecting included.
        public var timeout: Duration
        /// Attempts to one endpoint at once.
        public var concurrency: Int
        /// How often an idle dispatcher looks for due deliveries.
        public var pollInterval: Duration
        /// The shortest time between two rounds of the outbox (record results, claim more).
        public var roundInterval: Duration { min(pollInterval, .milliseconds(50)) }
        /// The `User-Agent` attempts send.
        public var userAgent: String

        public init(
            retry: RetrySchedule = .standard, timeout: Duration = .seconds(10), concurrency: Int = 4,
            pollInterval: Duration = .milliseconds(50), userAgent: String = "ActionHub"
        ) {
            self.retry = retry
            self.timeout = timeout
            self.concurrency = concurrency
            self.pollInterval = pollInterval
            self.userAgent = userAgent
        }

        /// How long a claim hides a delivery from other claimers: its wait in the lane
        /// (`queueBudget`) and its own attempt, with room to spare. An attempt whose lease could
        /// run out before its timeout is not made: the delivery is given back instead.
        var lease: Duration { queueBudget + timeout * 2 + .seconds(5) }
        var queueBudget: Duration { timeout + .seconds(5) }
        /// How much work a lane claims ahead, at its endpoint's recent pace (`DeliveryLane`).
        var claimAhead: Duration { .seconds(1) }
    }

    private let outbox: any WebhookOutbox
    private let options: Options
    private let makeTransport: @Sendable () throws -> any WebhookTransport
    private let telemetry: Telemetry
    private let wake = NSCondition()
    private var finished: [DeliveryResult] = []
    private var isStopping = false
    /// Only the scheduling thread touches the lanes.
    private var lanes: [String: DeliveryLane] = [:]
    private let stopped = DispatchSemaphore(value: 0)
    private let heldAtLastRound = Locked(0)

    public init(
        outbox: any WebhookOutbox, options: Options, telemetry: Telemetry,
        makeTransport: @escaping @Sendable () throws -> any WebhookTransport
    ) {
        self.outbox = outbox
        self.options = options
        self.makeTransport = makeTransport
        self.telemetry = telemetry
        let thread = Thread { [self] in
            Thread.current.name = "ah-webhooks"
            run()
            stopped.signal()
        }
        thread.start()
    }

    /// Deliveries this instance holds claimed (waiting in its lanes or being attempted), as of
    /// its last round.
    public var claimsHeld: Int { heldAtLastRound.withLock { $0 } }

    /// Lets attempts in progress finish (each within the timeout), records them, gives back the
    /// deliveries claimed but not attempted, and stops every thread.
    public func stop() {
        wake.lock()
        let wasStopping = isStopping
        isStopping = true
        wake.broadcast()
        wake.unlock()
        guard !wasStopping else { return }
        stopped.wait()
    }

    private func run() {
        var refreshedAt = ContinuousClock.now - .seconds(3600)
        var claimedLastRound = false
        var lastRound = Date.distantPast
        while true {
            let (results, stopping) = nextRound(after: lastRound, busy: claimedLastRound)
            lastRound = Date()
            if stopping {
                shutDown(recording: results)
                return
            }
            if ContinuousClock.now - refreshedAt >= .seconds(1) {
                refreshLanes()
                refreshedAt = .now
            }
            countAttempts()
            let now = Timestamp.milliseconds()
            let requests = lanes.values.map { ClaimRequest(endpointId: $0.target.id, limit: $0.freeSlots) }
            let leaseUntil = now + Int64(options.lease / .milliseconds(1))
            do {
                let due = try outbox.settle(results, claiming: requests, now: now, leaseUntil: leaseUntil)
                let claimed = ClaimedDelivery.batch(due, leaseUntil: leaseUntil)
                for (endpointId, deliveries) in Dictionary(grouping: claimed, by: \.delivery.endpointId) {
                    lanes[endpointId]?.add(deliveries)
                }
                claimedLastRound = !due.isEmpty
                let held = lanes.values.reduce(0) { $0 + $1.held }
                heldAtLastRound.withLock { $0 = held }
            } catch {
                // Attempts whose results are lost here are attempted again once their lease ends:
                // one more delivery, never one fewer.
                telemetry.logger.error("webhook outbox failed", ["error": .string("\(error)")])
                claimedLastRound = false
            }
        }
    }

    /// Rounds are at least `roundInterval` apart, so that each records and claims many deliveries
    /// in one transaction: a round per finished attempt made the outbox's transactions (each a
    /// WAL write on SQLite) cost more than the attempts. An idle dispatcher (nothing claimed last
    /// round) waits for finished attempts or the poll interval. Then takes the finished attempts.
    private func nextRound(after last: Date, busy: Bool) -> (results: [DeliveryResult], stopping: Bool) {
        let earliest = last.addingTimeInterval(options.roundInterval.inSeconds)
        let idleUntil = last.addingTimeInterval(options.pollInterval.inSeconds)
        wake.lock()
        defer { wake.unlock() }
        while !isStopping && Date() < earliest { _ = wake.wait(until: earliest) }
        while !busy && finished.isEmpty && !isStopping && Date() < idleUntil { _ = wake.wait(until: idleUntil) }
        let results = finished
        finished = []
        return (results, isStopping)
    }

    /// Adds the lanes' attempts since the last round to the metrics, once per endpoint and
    /// outcome: a metrics update per attempt cost a tenth of the attempt.
    private func countAttempts() {
        for lane in lanes.values {
            for (outcome, count) in lane.takeAttemptCounts() {
                telemetry.metrics.increment(
                    Telemetry.Name.webhookDeliveries, [lane.target.id, outcome], by: Double(count))
            }
        }
    }

    /// One lane per endpoint: new endpoints get theirs, deleted ones lose it.
    private func refreshLanes() {
        let targets: [WebhookTarget]
        do {
            targets = try outbox.targets()
        } catch {
            telemetry.logger.error("webhook endpoints could not be read", ["error": .string("\(error)")])
            return
        }
        let current = Set(targets.map(\.id))
        for (id, lane) in lanes where !current.contains(id) {
            // The endpoint and its deliveries are gone: what waited is not given back.
            _ = lane.close()
            lanes[id] = nil
        }
        for target in targets where lanes[target.id] == nil {
            let lane = DeliveryLane(
                target: target, concurrency: options.concurrency, timeout: options.timeout,
                claimAhead: options.claimAhead)
            lanes[target.id] = lane
            lane.start(name: "ah-hook-\(lanes.count)") { [self] in deliver(lane) }
        }
    }

    /// A lane thread: attempts deliveries until the lane closes.
    private func deliver(_ lane: DeliveryLane) {
        let transport: (any WebhookTransport)?
        do {
            transport = try makeTransport()
        } catch {
            transport = nil
            telemetry.logger.error("webhook client could not start", ["error": .string("\(error)")])
        }
        let signer = WebhookSigner(secret: lane.target.secret)
        while let claimed = lane.next() {
            let started = ContinuousClock.now
            let result: DeliveryResult
            var outcome: String?
            let leaseLeft = claimed.leaseUntil - Timestamp.milliseconds()
            if leaseLeft < Int64((options.timeout + .seconds(1)) / .milliseconds(1)) {
                // Another instance may claim it before this attempt could end.
                result = DeliveryResult(
                    sequence: claimed.delivery.sequence, next: .released, statusCode: nil, error: nil,
                    finishedAt: Timestamp.milliseconds())
            } else {
                (result, outcome) = attempt(claimed.delivery, to: lane.target, signer: signer, transport: transport)
            }
            lane.finished(after: ContinuousClock.now - started, outcome: outcome)
            wake.lock()
            // The first result of a round wakes the dispatcher; the others wait with it.
            if finished.isEmpty { wake.signal() }
            finished.append(result)
            wake.unlock()
        }
    }

    private func attempt(
        _ delivery: DueDelivery, to target: WebhookTarget, signer: WebhookSigner?, transport: (any WebhookTransport)?
    ) -> (result: DeliveryResult, outcome: String) {
        let body = WebhookPayload.body(for: delivery)
        let id = WebhookDelivery.messageId(delivery.sequence)
        var statusCode: Int?
        var failure: String?
        do {
            guard let signer else { throw AttemptFailure("the endpoint's secret is not a whsec_ secret") }
            guard let transport else { throw AttemptFailure("no HTTP client") }
            let timestamp = Int64(Date().timeIntervalSince1970)
            let headers = [
                (name: "Content-Type", value: "application/json"), ("User-Agent", options.userAgent),
                ("webhook-id", id), ("webhook-timestamp", String(timestamp)),
                ("webhook-signature", try signer.signature(id: id, timestamp: timestamp, body: body)),
            ]
            let status = try transport.post(url: target.url, headers: headers, body: body, timeout: options.timeout)
            statusCode = status
            if !(200...299).contains(status) { failure = "the endpoint answered \(status)" }
        } catch {
            failure = "\(error)"
        }
        let now = Timestamp.milliseconds()
        let next: DeliveryResult.Next
        let outcome: String
        if failure == nil {
            (next, outcome) = (.delivered, "delivered")
        } else if let retryAt = options.retry.nextAttempt(after: delivery.attempt, now: now) {
            (next, outcome) = (.retry(at: retryAt), "retried")
        } else {
            (next, outcome) = (.failed, "failed")
        }
        if let failure {
            telemetry.logger.warning(
                "webhook attempt failed",
                [
                    "endpoint": .string(target.id), "webhookId": .string(id), "attempt": .number("\(delivery.attempt)"),
                    "outcome": .string(outcome), "error": .string(failure),
                ])
        }
        let result = DeliveryResult(
            sequence: delivery.sequence, next: next, statusCode: statusCode, error: failure, finishedAt: now)
        return (result, outcome)
    }

    /// Closes every lane, waits for attempts in progress, and records them with the deliveries
    /// given back.
    private func shutDown(recording results: [DeliveryResult]) {
        countAttempts()
        let now = Timestamp.milliseconds()
        var results = results
        for lane in lanes.values {
            results += lane.close().map {
                DeliveryResult(
                    sequence: $0.delivery.sequence, next: .released, statusCode: nil, error: nil, finishedAt: now)
            }
        }
        for lane in lanes.values { lane.waitForThreads() }
        countAttempts()
        lanes = [:]
        wake.lock()
        results += finished
        finished = []
        wake.unlock()
        do {
            _ = try outbox.settle(results, claiming: [], now: now, leaseUntil: now)
        } catch {
            telemetry.logger.error("webhook results not recorded at stop", ["error": .string("\(error)")])
        }
    }
}
