import Foundation

/// A value that is only reached with a lock held.
///
/// Used instead of the standard library's `Mutex`: that one parks on futexes from code
/// ThreadSanitizer does not see, so TSan reports races on the data it guards. `NSLock` is a
/// pthread mutex, whose lock and unlock TSan intercepts, so races it reports here are real.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: sending Value) {
        self.value = value
    }

    /// Runs `body` with the lock held. The value must not escape it: that is what makes this type
    /// safe to share, and why it is `@unchecked`.
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// Runs `body` only if the lock is free now; nil, without waiting, when another thread holds it.
    public func withLockIfAvailable<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result? {
        guard lock.try() else { return nil }
        defer { lock.unlock() }
        return try body(&value)
    }

    /// Runs `body` under the first of `count` locks (`lock(index)`) that is free now, looking from
    /// `start` on; only when all are busy does it wait, for `start`'s. For pools of connections:
    /// waiting on a busy one while another is free puts a thread to sleep for nothing.
    public static func withFirstAvailable<Result>(
        of count: Int, from start: Int, _ lock: (Int) -> Locked<Value>, _ body: (inout Value) throws -> Result
    ) rethrows -> Result {
        for offset in 0..<count {
            if let result = try lock((start + offset) % count).withLockIfAvailable(body) { return result }
        }
        return try lock(start).withLock(body)
    }
}
