import Basics
import Dispatch
import Foundation

/// Runs `body(index)` for `count` indexes, each on a thread of its own so that all of them are in
/// flight at once even when they block (a dispatch pool would run only as many as there are
/// cores), and returns the results in index order.
public func concurrently<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
    let results = Locked<[Int: T]>([:])
    let finished = DispatchGroup()
    for index in 0..<count {
        finished.enter()
        Thread {
            let result = body(index)
            results.withLock { $0[index] = result }
            finished.leave()
        }.start()
    }
    finished.wait()
    return results.withLock { stored in (0..<count).map { stored[$0]! } }
}
