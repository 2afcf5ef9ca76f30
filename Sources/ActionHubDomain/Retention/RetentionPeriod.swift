/// How long something is kept: a whole number with s, m, h or d (`90d`), or `off` for forever.
public struct RetentionPeriod: Sendable, Equatable, CustomStringConvertible {
    /// nil: kept forever.
    public var duration: Duration?

    public init(_ duration: Duration?) {
        self.duration = duration
    }

    /// nil for anything else than `off` or a positive number with its unit, up to 100 years.
    public init?(parsing text: String) {
        if text == "off" {
            duration = nil
            return
        }
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400]
        guard let unit = text.last.flatMap({ units[$0] }), let count = Int64(text.dropLast()), count > 0,
            count <= 36_500 * 86_400 / unit
        else { return nil }
        duration = .seconds(count * unit)
    }

    public var description: String {
        guard let duration else { return "off" }
        let seconds = duration.components.seconds
        for (unit, size) in [("d", Int64(86_400)), ("h", 3_600), ("m", 60)] where seconds % size == 0 {
            return "\(seconds / size)\(unit)"
        }
        return "\(seconds)s"
    }

    /// The oldest moment (Unix milliseconds) still kept at `now`; nil when everything is kept.
    public func cutoff(now: Int64) -> Int64? {
        duration.map { now - $0.components.seconds * 1_000 }
    }
}
