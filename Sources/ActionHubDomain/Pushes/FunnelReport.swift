/// Sent → delivered → acted for a category's pushes, and per button how many acted and how fast.
/// A person counts once per push: overall when they pressed anything, per action when they
/// pressed that one (the first time, for its time to action).
public struct FunnelReport: Sendable, Equatable {
    public struct ActionFunnel: Sendable, Equatable {
        public var acted: Int
        /// nil when no time was known.
        public var p50Seconds: Double?
        public var p90Seconds: Double?

        public init(acted: Int, p50Seconds: Double?, p90Seconds: Double?) {
            self.acted = acted
            self.p50Seconds = p50Seconds
            self.p90Seconds = p90Seconds
        }
    }

    public var sent: Int
    public var delivered: Int
    public var acted: Int
    public var actions: [String: ActionFunnel]

    public init(_ data: FunnelData) {
        sent = data.sent
        delivered = data.delivered
        var people = Set<[String]>()
        var firsts: [[String]: FunnelData.Response] = [:]
        for response in data.responses {
            people.insert([response.pushId, response.userId])
            let key = [response.pushId, response.userId, response.action]
            if let known = firsts[key], (known.millisecondsToAction ?? .max) <= (response.millisecondsToAction ?? .max)
            {
                continue
            }
            firsts[key] = response
        }
        acted = people.count
        var byAction: [String: [FunnelData.Response]] = [:]
        for response in firsts.values { byAction[response.action, default: []].append(response) }
        actions = byAction.mapValues { responses in
            let times = responses.compactMap(\.millisecondsToAction).sorted()
            return ActionFunnel(
                acted: responses.count, p50Seconds: Self.percentile(times, 0.5),
                p90Seconds: Self.percentile(times, 0.9))
        }
    }

    /// Nearest rank: the smallest time at least `fraction` of them are within.
    static func percentile(_ sorted: [Int64], _ fraction: Double) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return Double(sorted[max(0, min(sorted.count - 1, rank - 1))]) / 1000
    }
}
