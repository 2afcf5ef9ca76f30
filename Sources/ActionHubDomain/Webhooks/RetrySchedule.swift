import Foundation

/// How long to wait before each retry of a failed delivery: as many retries as entries, then the
/// delivery is failed. Written `5s,5m,30m,2h,5h,10h,10h` (units s, m, h, d; `ms` for tests).
public struct RetrySchedule: Sendable, Equatable {
    public static let standard = RetrySchedule(delays: [5, 300, 1800, 7200, 18000, 36000, 36000].map { .seconds($0) })

    public var delays: [Duration]

    public init(delays: [Duration]) {
        self.delays = delays
    }

    /// nil unless every comma-separated entry is a whole number and a unit; an empty text is no
    /// retries at all.
    public init?(parsing text: String) {
        let entries = text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        if entries == [""] {
            delays = []
            return
        }
        var delays: [Duration] = []
        for entry in entries {
            guard let delay = Self.duration(entry) else { return nil }
            delays.append(delay)
        }
        guard delays.count <= 100 else { return nil }
        self.delays = delays
    }

    /// When attempt number `attempt` (1 for the first) failed at `now`: when to try again, or nil
    /// when it was the last.
    public func nextAttempt(after attempt: Int, now: Int64) -> Int64? {
        guard attempt >= 1, attempt <= delays.count else { return nil }
        return now + Int64(delays[attempt - 1] / .milliseconds(1))
    }

    private static func duration(_ entry: String) -> Duration? {
        let units: [(suffix: String, milliseconds: Int64)] = [
            ("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000), ("d", 86_400_000),
        ]
        for unit in units where entry.hasSuffix(unit.suffix) {
            let number = entry.dropLast(unit.suffix.count)
            guard !number.isEmpty, number.allSatisfy(\.isASCIIDigit), let value = Int64(number),
                value <= 30 * 86_400_000 / unit.milliseconds
            else { return nil }
            return .milliseconds(value * unit.milliseconds)
        }
        return nil
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
