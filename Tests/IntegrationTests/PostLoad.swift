import Basics
import Foundation
import HTTPClient
import Synchronization
import TestSupport

/// POSTs of new events from `clients` threads of their own (a dispatch pool would run only as
/// many blocking clients as there are cores), without pause, until `stop`. Keeps the ids the
/// server acknowledged with a 2xx.
final class PostLoad: Sendable {
    private let acknowledgedIds = Locked<[String]>([])
    private let running = Atomic<Bool>(true)
    private let finished = DispatchGroup()

    init(clients: Int, to client: HTTPClient) {
        for _ in 0..<clients {
            finished.enter()
            Thread { [self] in
                defer { finished.leave() }
                while running.load(ordering: .relaxed) {
                    let id = UUID().uuidString
                    let response = try? client.send(
                        method: "POST", path: "/v1/responses", headers: [("Content-Type", "application/json")],
                        body: RequestBodies.response(id: id, user: "u-\(id.prefix(8))", post: "p-\(id.suffix(2))"))
                    if let status = response?.status, (200..<300).contains(status) {
                        acknowledgedIds.withLock { $0.append(id) }
                    }
                }
            }.start()
        }
    }

    var acknowledged: [String] { acknowledgedIds.withLock { $0 } }

    /// Waits until `count` events were acknowledged, or `limit` passed.
    func waitForAcknowledgements(_ count: Int, within limit: TimeInterval) {
        let deadline = Date().addingTimeInterval(TimingBudget.seconds(limit))
        while acknowledgedIds.withLock({ $0.count }) < count && Date() < deadline { usleep(5_000) }
    }

    /// Stops every client after its request in progress, and returns once they have stopped.
    func stop() {
        running.store(false, ordering: .relaxed)
        finished.wait()
    }
}
