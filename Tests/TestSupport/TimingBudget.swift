import Foundation

/// A wall-clock budget for tests that check a request is not held up, scaled for the
/// ThreadSanitizer run: its instrumented code runs several times slower (a 2 s budget took 2.4 s
/// there), and that run looks for races while the plain and ASan runs check the time.
public enum TimingBudget {
    public static func seconds(_ plain: Double) -> Double {
        ProcessInfo.processInfo.environment["ACTIONHUB_TEST_SANITIZER"] == "thread" ? plain * 5 : plain
    }
}
