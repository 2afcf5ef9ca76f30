import Basics

/// Token buckets, one per key or user: `rate` requests a second on average, bursts up to `burst`.
public final class RateLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    public let rate: Double
    public let burst: Double
    private let buckets = Locked<[String: Bucket]>([:])
    private let clock = ContinuousClock()
    /// Bounds memory under many distinct callers: full buckets are forgotten past this many.
    private let maximumTracked = 100_000

    public init(rate: Double, burst: Double) {
        self.rate = rate
        self.burst = max(1, burst)
    }

    /// nil when the request may go ahead; otherwise the seconds until it may.
    public func delay(for key: String) -> Int? {
        delay(for: key, rate: rate, burst: burst)
    }

    /// The same with this caller's own rate and burst (a key created with its own limit).
    public func delay(for key: String, rate: Double, burst: Double) -> Int? {
        let burst = max(1, burst)
        let now = clock.now
        return buckets.withLock { buckets in
            var bucket = buckets[key] ?? Bucket(tokens: burst, updated: now)
            let elapsed = now - bucket.updated
            let seconds = elapsed.inSeconds
            bucket.tokens = min(burst, bucket.tokens + seconds * rate)
            bucket.updated = now
            defer {
                buckets[key] = bucket
                if buckets.count > maximumTracked { buckets = buckets.filter { $0.value.tokens < burst } }
            }
            guard bucket.tokens >= 1 else { return max(1, Int(((1 - bucket.tokens) / rate).rounded(.up))) }
            bucket.tokens -= 1
            return nil
        }
    }
}
