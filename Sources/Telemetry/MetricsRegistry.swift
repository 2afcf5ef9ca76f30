import Basics

/// Counters and histograms in memory, written out in the Prometheus text exposition format
/// (version 0.0.4). Families are declared up front; label values are chosen by the caller, who
/// must keep them to a small set (route templates, not paths).
public final class MetricsRegistry: Sendable {
    public enum Kind: String, Sendable {
        case counter, histogram
    }

    struct Family: Sendable {
        var name: String
        var help: String
        var kind: Kind
        var labelNames: [String]
        var buckets: [Double]
        /// Series in the order they first appeared, and where each label set's is.
        var series: [Series] = []
        var labels: [Labels] = []
        var index: [Labels: Int] = [:]

        /// Changes one series in place, found with one hash of its labels.
        mutating func update(_ labels: Labels, _ change: (inout Series, [Double]) -> Void) {
            if let position = index[labels] {
                change(&series[position], buckets)
            } else {
                index[labels] = series.count
                self.labels.append(labels)
                series.append(Series())
                change(&series[series.count - 1], buckets)
            }
        }
    }

    struct Series: Sendable {
        var value: Double = 0
        var bucketCounts: [UInt64] = []
        var sum: Double = 0
        var count: UInt64 = 0
    }

    typealias Labels = [String]

    /// A declared family, looked up by name once: recording through it hashes no name.
    public struct FamilyID: Sendable {
        fileprivate let index: Int
        fileprivate let labelCount: Int
    }

    private let families: Locked<[Family]>
    private let ids: [String: FamilyID]

    /// A family to declare: its name, help text, label names and, for histograms, upper bounds.
    public struct Declaration: Sendable {
        public var name: String
        public var help: String
        public var kind: Kind
        public var labelNames: [String]
        public var buckets: [Double]

        public static func counter(_ name: String, _ help: String, labels: [String] = []) -> Declaration {
            Declaration(name: name, help: help, kind: .counter, labelNames: labels, buckets: [])
        }

        public static func histogram(_ name: String, _ help: String, labels: [String] = [], buckets: [Double])
            -> Declaration
        {
            Declaration(name: name, help: help, kind: .histogram, labelNames: labels, buckets: buckets.sorted())
        }
    }

    public init(_ declarations: [Declaration]) {
        families = Locked(
            declarations.map {
                Family(name: $0.name, help: $0.help, kind: $0.kind, labelNames: $0.labelNames, buckets: $0.buckets)
            })
        ids = Dictionary(
            declarations.enumerated().map { ($1.name, FamilyID(index: $0, labelCount: $1.labelNames.count)) },
            uniquingKeysWith: { first, _ in first })
    }

    /// The family declared under `name`; a name never declared is a programming error.
    public func family(_ name: String) -> FamilyID {
        guard let id = ids[name] else { preconditionFailure("metric \(name) was not declared") }
        return id
    }

    /// Adds to a counter; `labels` are the values of the family's label names, in order.
    public func increment(_ name: String, _ labels: [String] = [], by amount: Double = 1) {
        update(name, labels) { series, _ in series.value += amount }
    }

    /// Records one observation in a histogram.
    public func observe(_ name: String, _ labels: [String] = [], _ value: Double) {
        update(name, labels) { series, buckets in Self.add(value, to: &series, buckets: buckets) }
    }

    /// The current value of a counter series, or the count of a histogram series.
    public func value(_ name: String, _ labels: [String] = []) -> Double {
        let id = family(name)
        return families.withLock { families in
            let family = families[id.index]
            guard let position = family.index[labels] else { return 0 }
            return family.kind == .histogram ? Double(family.series[position].count) : family.series[position].value
        }
    }

    /// One change to record under a single lock with others.
    public enum Change: Sendable {
        case increment(FamilyID, [String], by: Double)
        case observe(FamilyID, [String], Double)
    }

    /// Records two changes under one lock, with no array of changes made: the per-request pair.
    public func record(_ first: Change, _ second: Change) {
        Self.check(first)
        Self.check(second)
        families.withLock { families in
            Self.apply(first, to: &families)
            Self.apply(second, to: &families)
        }
    }

    private static func check(_ change: Change) {
        switch change {
        case .increment(let id, let labels, _), .observe(let id, let labels, _):
            precondition(labels.count == id.labelCount, "metric takes \(id.labelCount) labels, given \(labels.count)")
        }
    }

    private static func apply(_ change: Change, to families: inout [Family]) {
        switch change {
        case .increment(let id, let labels, let amount):
            families[id.index].update(labels) { series, _ in series.value += amount }
        case .observe(let id, let labels, let value):
            families[id.index].update(labels) { series, buckets in add(value, to: &series, buckets: buckets) }
        }
    }

    private static func add(_ value: Double, to series: inout Series, buckets: [Double]) {
        if series.bucketCounts.isEmpty { series.bucketCounts = Array(repeating: 0, count: buckets.count) }
        for (index, bound) in buckets.enumerated() where value <= bound { series.bucketCounts[index] += 1 }
        series.sum += value
        series.count += 1
    }

    private func update(_ name: String, _ labels: [String], _ change: (inout Series, [Double]) -> Void) {
        let id = family(name)
        precondition(labels.count == id.labelCount, "metric \(name) takes \(id.labelCount) labels")
        families.withLock { families in
            families[id.index].update(labels, change)
        }
    }

    /// A value computed at scrape time.
    public struct Gauge: Sendable {
        public var name: String
        public var help: String
        public var labels: [(name: String, value: String)]
        public var value: Double

        public init(name: String, help: String, labels: [(name: String, value: String)] = [], value: Double) {
            self.name = name
            self.help = help
            self.labels = labels
            self.value = value
        }
    }

    /// Every family, then `gauges`, as Prometheus text.
    public func exposition(gauges: [Gauge] = []) -> String {
        var text = ""
        for family in families.withLock({ $0 }) {
            let name = family.name
            text += "# HELP \(name) \(family.help)\n# TYPE \(name) \(family.kind.rawValue)\n"
            for (labels, series) in zip(family.labels, family.series) {
                let pairs = Array(zip(family.labelNames, labels))
                switch family.kind {
                case .counter:
                    text += "\(name)\(Self.render(pairs)) \(Self.number(series.value))\n"
                case .histogram:
                    for (bound, count) in zip(family.buckets, series.bucketCounts) {
                        text += "\(name)_bucket\(Self.render(pairs + [("le", Self.number(bound))])) \(count)\n"
                    }
                    text += "\(name)_bucket\(Self.render(pairs + [("le", "+Inf")])) \(series.count)\n"
                    text += "\(name)_sum\(Self.render(pairs)) \(Self.number(series.sum))\n"
                    text += "\(name)_count\(Self.render(pairs)) \(series.count)\n"
                }
            }
        }
        for gauge in gauges {
            text += "# HELP \(gauge.name) \(gauge.help)\n# TYPE \(gauge.name) gauge\n"
            text +=
                "\(gauge.name)\(Self.render(gauge.labels.map { ($0.name, $0.value) })) \(Self.number(gauge.value))\n"
        }
        return text
    }

    static func render(_ pairs: [(String, String)]) -> String {
        guard !pairs.isEmpty else { return "" }
        return "{" + pairs.map { "\($0.0)=\"\(escape($0.1))\"" }.joined(separator: ",") + "}"
    }

    /// Label values escape backslash, double quote and newline.
    static func escape(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
    }

    static func number(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
