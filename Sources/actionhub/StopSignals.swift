#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SIGTERM and SIGINT, received by waiting for them rather than by a handler.
///
/// `block()` runs first thing, before any thread starts: every thread inherits the blocked mask,
/// so the signals stay pending until `wait()` takes one, and none can be lost in a window
/// between start-up and readiness.
enum StopSignals {
    static let numbers = [SIGTERM, SIGINT]

    static func block() {
        var set = signalSet()
        let result = pthread_sigmask(SIG_BLOCK, &set, nil)
        precondition(result == 0, "pthread_sigmask failed: \(result)")
    }

    /// Blocks until SIGTERM or SIGINT arrives; returns its number.
    static func wait() -> Int32 {
        var set = signalSet()
        var received: Int32 = 0
        while true {
            let result = sigwait(&set, &received)
            if result == 0 { return received }
            precondition(result == EINTR, "sigwait failed: \(result)")
        }
    }

    private static func signalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for number in numbers { sigaddset(&set, number) }
        return set
    }
}
