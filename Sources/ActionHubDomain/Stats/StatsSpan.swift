/// A range of whole buckets of one width, `[from, to)` in Unix seconds.
public struct StatsSpan: Sendable, Equatable {
    public var bucket: StatsBucket
    public var from: Int64
    public var to: Int64

    public init(bucket: StatsBucket, from: Int64, to: Int64) {
        self.bucket = bucket
        self.from = from
        self.to = to
    }

    public var isEmpty: Bool { from >= to }
}
