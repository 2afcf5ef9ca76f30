import ActionHubDomain
import Foundation

/// One endpoint's deliveries between claim and attempt, and its delivery threads: at most
/// `concurrency` attempts at once. It takes as many claims as its threads can attempt within
/// `claimAhead` at the pace of its recent attempts: a fast endpoint gets claims in large batches
/// (one outbox transaction per batch), a slow or dead one no more than twice its concurrency. A
/// slow or dead endpoint fills its own lane only. Claiming a second ahead, not the whole time a
/// claim may wait (`queueBudget`, 15 s), leaves the rest of the outbox to other instances: with
/// 15 s one instance took every delivery of an endpoint answering in 100 ms (1024 at a time)
/// while a second instance beside it attempted none.
///
/// Its state is only touched with `condition` locked.
final class DeliveryLane: @unchecked Sendable {
    let target: WebhookTarget
    let concurrency: Int
    /// How much work, at the recent pace, the lane claims ahead.
    private let claimAhead: Duration
    /// Recent attempts' duration, a moving average; starts at the timeout (the worst case).
    private var pace: Duration
    static let largestClaim = 1024
    private let condition = NSCondition()
    private var waiting: [ClaimedDelivery] = []
    /// Claimed and not yet finished: waiting or being attempted.
    private var outstanding = 0
    private var isClosed = false
    private var attemptCounts: [String: Int] = [:]
    private let stopped = DispatchSemaphore(value: 0)

    init(target: WebhookTarget, concurrency: Int, timeout: Duration, claimAhead: Duration) {
        self.target = target
        self.concurrency = max(1, concurrency)
        self.claimAhead = claimAhead
        pace = timeout
    }

    /// Claimed and not yet finished: waiting or being attempted.
    var held: Int {
        condition.lock()
        defer { condition.unlock() }
        return outstanding
    }

    /// How many more deliveries the lane takes now.
    var freeSlots: Int {
        condition.lock()
        defer { condition.unlock() }
        guard !isClosed else { return 0 }
        let attemptsAhead = Double(concurrency) * (claimAhead / max(pace, .microseconds(100)))
        let capacity = min(Self.largestClaim, max(2 * concurrency, Int(attemptsAhead)))
        return max(0, capacity - outstanding)
    }

    /// Starts the lane's threads; each runs `work` until the lane closes.
    func start(name: String, work: @escaping @Sendable () -> Void) {
        for _ in 0..<concurrency {
            let thread = Thread { [stopped] in
                // Named from inside: on Linux, Foundation names only the running thread.
                Thread.current.name = name
                work()
                stopped.signal()
            }
            thread.start()
        }
    }

    func add(_ deliveries: [ClaimedDelivery]) {
        condition.lock()
        waiting += deliveries
        outstanding += deliveries.count
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks until a delivery waits; nil once the lane is closed.
    func next() -> ClaimedDelivery? {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty && !isClosed { condition.wait() }
        guard !isClosed else { return nil }
        return waiting.removeFirst()
    }

    /// One attempt taken by `next` is over after `duration`, with `outcome` for the metrics (nil
    /// when it was given back unattempted).
    func finished(after duration: Duration, outcome: String?) {
        condition.lock()
        outstanding -= 1
        pace = pace * 0.8 + duration * 0.2
        if let outcome { attemptCounts[outcome, default: 0] += 1 }
        condition.unlock()
    }

    /// Attempts by outcome since the last call.
    func takeAttemptCounts() -> [String: Int] {
        condition.lock()
        defer { condition.unlock() }
        let counts = attemptCounts
        attemptCounts = [:]
        return counts
    }

    /// Stops handing out deliveries and returns those never attempted; `waitForThreads` then
    /// returns once every thread has finished its attempt in progress.
    func close() -> [ClaimedDelivery] {
        condition.lock()
        defer { condition.unlock() }
        isClosed = true
        condition.broadcast()
        let unattempted = waiting
        waiting = []
        return unattempted
    }

    func waitForThreads() {
        for _ in 0..<concurrency { stopped.wait() }
    }
}
