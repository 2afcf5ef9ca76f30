import ActionHubDomain
import Foundation

/// One endpoint's deliveries between claim and attempt, and its delivery threads: at most
/// `concurrency` attempts at once, and twice that claimed, so that a thread finishing an attempt
/// finds the next one waiting. A slow or dead endpoint fills its own lane only.
///
/// Its state is only touched with `condition` locked.
final class DeliveryLane: @unchecked Sendable {
    let target: WebhookTarget
    let concurrency: Int
    private let condition = NSCondition()
    private var waiting: [DueDelivery] = []
    /// Claimed and not yet finished: waiting or being attempted.
    private var outstanding = 0
    private var isClosed = false
    private let stopped = DispatchSemaphore(value: 0)

    init(target: WebhookTarget, concurrency: Int) {
        self.target = target
        self.concurrency = max(1, concurrency)
    }

    /// How many more deliveries the lane takes now.
    var freeSlots: Int {
        condition.lock()
        defer { condition.unlock() }
        return isClosed ? 0 : 2 * concurrency - outstanding
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

    func add(_ deliveries: [DueDelivery]) {
        condition.lock()
        waiting += deliveries
        outstanding += deliveries.count
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks until a delivery waits; nil once the lane is closed.
    func next() -> DueDelivery? {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty && !isClosed { condition.wait() }
        guard !isClosed else { return nil }
        return waiting.removeFirst()
    }

    /// One attempt taken by `next` is over.
    func finished() {
        condition.lock()
        outstanding -= 1
        condition.unlock()
    }

    /// Stops handing out deliveries and returns those never attempted; `waitForThreads` then
    /// returns once every thread has finished its attempt in progress.
    func close() -> [DueDelivery] {
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
