import Foundation

/// Every subscriber gets every event from when it subscribed: two loops over the kit's events
/// (a badge and a log) each see all of them, not half each, as two loops over one stream would.
final class EventBroadcast: @unchecked Sendable {
    // Guarded by `lock`: events are sent from the hub's actor, subscriptions come from anywhere.
    private let lock = NSLock()
    private var subscribers: [UUID: AsyncStream<DeliveryEvent>.Continuation] = [:]

    func subscribe() -> AsyncStream<DeliveryEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: DeliveryEvent.self, bufferingPolicy: .unbounded)
        let key = UUID()
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            self.lock.withLock { _ = self.subscribers.removeValue(forKey: key) }
        }
        lock.withLock { subscribers[key] = continuation }
        return stream
    }

    func send(_ event: DeliveryEvent) {
        for subscriber in lock.withLock({ Array(subscribers.values) }) { subscriber.yield(event) }
    }

    deinit {
        for subscriber in subscribers.values { subscriber.finish() }
    }
}
