import Foundation

/// Pauses between attempts: doubling from `initial` up to `maximum`, each drawn at random between
/// half and all of that ("equal jitter"), so that many devices retrying after one outage do not
/// come back in step. A server's `Retry-After` is a floor.
public struct Backoff: Sendable, Equatable {
    public var initial: Duration
    public var maximum: Duration

    public init(initial: Duration = .seconds(2), maximum: Duration = .seconds(3600)) {
        self.initial = initial
        self.maximum = maximum
    }

    /// The pause after the `attempt`-th failed attempt (1 for the first).
    public func delay(afterAttempt attempt: Int, retryAfter: Duration? = nil) -> Duration {
        let doublings = min(max(attempt - 1, 0), 30)
        let ceiling = min(initial * (1 << doublings), maximum)
        let seconds = ceiling / .milliseconds(1)
        let drawn = Duration.milliseconds(Int64(Double.random(in: seconds / 2...seconds)))
        return max(drawn, retryAfter ?? .zero)
    }
}
