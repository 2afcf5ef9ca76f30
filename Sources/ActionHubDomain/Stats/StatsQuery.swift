/// What `GET /v1/stats` asks: one category's responses per action in buckets of one width,
/// between two moments widened to whole buckets.
public struct StatsQuery: Sendable, Equatable {
    /// The most buckets one answer holds: a day in minutes, a month in hours, years in days.
    public static let maximumBuckets: Int64 = 1440

    public var category: String
    /// The bucket width and the buckets asked for: `from` rounded down and `to` rounded up to it.
    public var span: StatsSpan

    /// `from` and `to` in Unix milliseconds, `from < to`; nil when the range holds more than
    /// `maximumBuckets` buckets.
    public init?(category: String, bucket: StatsBucket, from: Int64, to: Int64) {
        let first = bucket.start(of: Self.floorSeconds(from))
        let endSecond = Self.floorSeconds(to - 1)
        let end = bucket.start(of: endSecond) + bucket.seconds
        guard from < to, (end - first) / bucket.seconds <= Self.maximumBuckets else { return nil }
        self.category = category
        self.span = StatsSpan(bucket: bucket, from: first, to: end)
    }

    private static func floorSeconds(_ milliseconds: Int64) -> Int64 {
        milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
    }

    /// Every bucket start of the answer, empty buckets included.
    public var bucketStarts: StrideTo<Int64> {
        stride(from: span.from, to: span.to, by: Int(span.bucket.seconds))
    }

    /// The range as the fewest stored buckets of any width: minutes up to the first whole hour,
    /// hours up to the first whole day, days, then hours and minutes after the last whole day.
    /// Distinct users over the range are counted over these pieces' user sets, which are
    /// bounded by users per piece rather than by events.
    public var pieces: [StatsSpan] {
        var head: [StatsSpan] = []
        var tail: [StatsSpan] = []
        var (from, to) = (span.from, span.to)
        for (finer, coarser) in [(StatsBucket.minute, StatsBucket.hour), (.hour, .day)] where finer >= span.bucket {
            let alignedFrom = min(to, coarser.start(of: from + coarser.seconds - 1))
            let alignedTo = max(alignedFrom, coarser.start(of: to))
            head.append(StatsSpan(bucket: finer, from: from, to: alignedFrom))
            tail.insert(StatsSpan(bucket: finer, from: alignedTo, to: to), at: 0)
            (from, to) = (alignedFrom, alignedTo)
        }
        return (head + [StatsSpan(bucket: .day, from: from, to: to)] + tail).filter { !$0.isEmpty }
    }
}
