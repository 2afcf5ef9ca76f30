import ActionHubDomain
import Basics
import Foundation
import JSON
import Telemetry

/// Removes what is older than the retention settings allow: a round at start and one every
/// `interval`, each in small transactions with a pause between them, on a thread of its own.
final class Pruner: Sendable {
    private let settings: RetentionSettings
    private let store: any ResponseStore
    private let outbox: any WebhookOutbox
    private let pushes: any PushOutbox
    private let logger: Logger
    /// Signalled by `stop`; the thread waits on it between rounds.
    private let stopping = DispatchSemaphore(value: 0)
    private let stopped = DispatchSemaphore(value: 0)

    init(
        settings: RetentionSettings, store: any ResponseStore, outbox: any WebhookOutbox, pushes: any PushOutbox,
        logger: Logger
    ) {
        self.settings = settings
        self.store = store
        self.outbox = outbox
        self.pushes = pushes
        self.logger = logger
        guard settings.events.duration != nil || settings.deliveries.duration != nil else {
            stopped.signal()
            return
        }
        let thread = Thread { [self] in
            repeat { round() } while stopping.wait(timeout: .now() + settings.interval.inSeconds) == .timedOut
            stopped.signal()
        }
        thread.name = "actionhub-pruner"
        thread.start()
    }

    /// Ends the round under way after its current batch and waits for the thread.
    func stop() {
        stopping.signal()
        stopped.wait()
        stopped.signal()
    }

    /// One pass over both kinds; a failure is logged and the next round tries again.
    func round(now: Int64 = Timestamp.milliseconds()) {
        var removed: JSONObject = [:]
        if let cutoff = settings.events.cutoff(now: now) {
            removed["eventRows"] = JSONValue(drain { try store.pruneEvents(receivedBefore: cutoff, limit: $0) })
        }
        if let cutoff = settings.deliveries.cutoff(now: now) {
            removed["deliveries"] = JSONValue(drain { try outbox.pruneDeliveries(settledBefore: cutoff, limit: $0) })
            removed["pushRows"] = JSONValue(drain { try pushes.prunePushes(createdBefore: cutoff, limit: $0) })
        }
        if removed.keys.contains(where: { removed[$0] != JSONValue(0) }) { logger.info("pruned", removed) }
    }

    /// Batches until one removes nothing or a stop is asked for; the rows removed.
    private func drain(_ batch: (Int) throws -> Int) -> Int {
        var total = 0
        let clock = ContinuousClock()
        do {
            while true {
                let started = clock.now
                let removed = try batch(settings.batch)
                total += removed
                guard removed > 0, !isStopping else { return total }
                // Pruning takes at most a quarter of the time: a backlog (retention turned on
                // over a year of events) drains in the background instead of halving the POSTs.
                let took = clock.now - started
                Thread.sleep(forTimeInterval: max(0.002, (took * settings.restPerWork).inSeconds))
            }
        } catch {
            logger.error("pruning failed", ["error": .string("\(error)"), "removedBeforeIt": JSONValue(total)])
            return total
        }
    }

    private var isStopping: Bool {
        guard stopping.wait(timeout: .now()) == .success else { return false }
        stopping.signal()
        return true
    }
}
