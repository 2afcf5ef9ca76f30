import Basics
import Foundation
import TestSupport

/// A sync (of the log or the database file) that waits until the test lets it return, counting
/// calls, and throws `failWith` once set.
final class HeldSync: Sendable {
    let calls = Locked(0)
    let gate = DispatchSemaphore(value: 0)
    let failWith = Locked<(any Error)?>(nil)

    func sync() throws {
        calls.withLock { $0 += 1 }
        gate.wait()
        if let error = failWith.withLock({ $0 }) { throw error }
    }

    func waitForCalls(_ count: Int) {
        let deadline = Date().addingTimeInterval(TimingBudget.seconds(10))
        while calls.withLock({ $0 }) < count && Date() < deadline { Thread.sleep(forTimeInterval: 0.001) }
    }
}

struct DiskFailed: Error {}
