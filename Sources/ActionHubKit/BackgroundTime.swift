import Foundation

#if canImport(AppleSDKStandIn)
    import AppleSDKStandIn
#endif

/// Keeps the process running while the kit delivers a response in-line: a lock-screen action
/// launches the app (or runs an extension) for a few seconds only, and a request started after
/// that may wait for the next launch.
public protocol BackgroundTime: Sendable {
    /// Runs `work`, with the system asked to let the process run until it returns; `work` is
    /// cancelled when the system says the time is up.
    func keepRunning(reason: String, _ work: @escaping @Sendable () async -> Void) async
}

/// `ProcessInfo.performExpiringActivity`: Apple's background-time assertion that works in the app
/// and in its extensions alike (`UIApplication.beginBackgroundTask` is not available in
/// extensions). The system calls the block on a queue of its own and keeps the process running
/// while the block blocks; it calls it again with `expired` when the time is up.
public struct SystemBackgroundTime: BackgroundTime {
    public init() {}

    public func keepRunning(reason: String, _ work: @escaping @Sendable () async -> Void) async {
        #if canImport(Darwin) || canImport(AppleSDKStandIn)
            let activity = Activity(Task { await work() })
            ProcessInfo.processInfo.performExpiringActivity(withReason: reason) { expired in
                activity.system(expired: expired)
            }
            await activity.work.value
        #else
            await work()
        #endif
    }

    /// The block's side: the first call (not expired) blocks until the work is done; an expiry
    /// cancels the work. When the system grants no time at all, the block is called once with
    /// `expired`, and the work goes on without the assertion rather than being cancelled.
    private final class Activity: @unchecked Sendable {
        let work: Task<Void, Never>
        private let done = DispatchSemaphore(value: 0)
        // Guarded by `lock`: the system calls the block on two threads when time runs out.
        private let lock = NSLock()
        private var granted = false

        init(_ work: Task<Void, Never>) {
            self.work = work
            Task { [done] in
                await work.value
                done.signal()
            }
        }

        func system(expired: Bool) {
            if expired {
                if lock.withLock({ granted }) { work.cancel() }
                return
            }
            lock.withLock { granted = true }
            done.wait()
        }
    }
}
