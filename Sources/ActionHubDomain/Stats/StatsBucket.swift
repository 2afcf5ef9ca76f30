/// The width of one bucket of the stored aggregates: whole UTC minutes, hours or days.
public enum StatsBucket: String, Sendable, CaseIterable, Comparable {
    case minute, hour, day

    public var seconds: Int64 {
        switch self {
        case .minute: 60
        case .hour: 3600
        case .day: 86_400
        }
    }

    /// How both stores key the bucket width in their tables.
    public var code: Int64 {
        switch self {
        case .minute: 0
        case .hour: 1
        case .day: 2
        }
    }

    /// The start, in Unix seconds, of the bucket holding the moment `seconds`.
    public func start(of seconds: Int64) -> Int64 {
        seconds - ((seconds % self.seconds) + self.seconds) % self.seconds
    }

    public static func < (lhs: StatsBucket, rhs: StatsBucket) -> Bool { lhs.seconds < rhs.seconds }
}
