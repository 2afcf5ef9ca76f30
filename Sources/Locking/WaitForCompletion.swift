import Foundation

/// Starts work that reports its value once through a completion handler, from any thread, and
/// blocks the calling thread until it has. For the blocking forms of APIs built on completion
/// handlers (and for tests).
public func waitForCompletion<Value: Sendable, Failure: Error>(
    _ start: (_ completion: @escaping @Sendable (Value) -> Void) throws(Failure) -> Void
) throws(Failure) -> Value {
    let done = DispatchSemaphore(value: 0)
    let outcome = Locked<Value?>(nil)
    try start { value in
        outcome.withLock { $0 = value }
        done.signal()
    }
    done.wait()
    return outcome.withLock { $0! }
}
