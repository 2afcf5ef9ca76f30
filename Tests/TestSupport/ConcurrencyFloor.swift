import Foundation

/// How many of a test's 64 clients' requests the server must hold when a signal, kill or database
/// stop lands. Under ThreadSanitizer the instrumented clients are the slow side and cannot keep
/// the server busy (0–2 in flight measured), so the floor is not asserted there: that run looks
/// for races, the plain and ASan runs check the concurrency. `scripts/sanitizers` says which run
/// this is (`ACTIONHUB_TEST_SANITIZER`).
public enum ConcurrencyFloor {
    public static var requestsInFlight: Int {
        ProcessInfo.processInfo.environment["ACTIONHUB_TEST_SANITIZER"] == "thread" ? 0 : 32
    }
}
