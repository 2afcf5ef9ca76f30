import Foundation

/// How many of a test's 64 clients' requests the server must hold when a signal, kill or database
/// stop lands. Under ThreadSanitizer the instrumented clients are the slow side and cannot keep
/// the server busy (0–2 in flight measured), so the floor is not asserted there: that run looks
/// for races. Under AddressSanitizer the clients are slower too (27 of 64 seen in CI), so the
/// floor there is 16; the plain run holds the full 32. `scripts/sanitizers` says which run
/// this is (`ACTIONHUB_TEST_SANITIZER`).
public enum ConcurrencyFloor {
    public static var requestsInFlight: Int {
        switch ProcessInfo.processInfo.environment["ACTIONHUB_TEST_SANITIZER"] {
        case "thread": 0
        case "address": 16
        default: 32
        }
    }
}
