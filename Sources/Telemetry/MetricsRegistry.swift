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
        var buckets: [Double]
        /// Series in the order they first appeared.
        var series: [Labels: Series] = [:]
        var order: [Labels] = []

        /// Changes one series in place: no copy of the family's other series.
        mutating func update(_ labels: Labels, _ change: (inout Series, [Double]) -> Void) {
            if series[labels] == nil { order.append(labels) }
            change(&series[labels, default: Series()], buckets)
        }
    }

    struct Series: Sendable {
        var value: Double = 0
        var bucketCounts: [UInt64] = []
        var sum: Double = 0
        var count: UInt64 = 0
    }

    typealias Labels = [String]

    private let families: Locked<[String: Family]>
    private let familyOrder: [String]
    private let labelNames: [String: [String]]

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
        var families: [String: Family] = [:]
        var labelNames: [String: [String]] = [:]
        for declaration in declarations {
            families[declaration.name] = Family(
                name: declaration.name, help: declaration.help, kind: declaration.kind, buckets: declaration.buckets)
            labelNames[declaration.name] = declaration.labelNames
        }
        self.families = Locked(families)
        self.familyOrder = declarations.map(\.name)
        self.labelNames = labelNames
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
        families.withLock { families in
            guard let series = families[name]?.series[labels] else { return 0 }
            return families[name]?.kind == .histogram ? Double(series.count) : series.value
        }
    }

    /// One change to record under a single lock with others.
    public enum Change: Sendable {
        case increment(String, [String], by: Double)
        case observe(String, [String], Double)
    }

    /// Records several changes under one lock: fewer lock round trips on the request path.
    public func record(_ changes: Change...) {
        for change in changes {
            switch change {
            case .increment(let name, let labels, _), .observe(let name, let labels, _):
                precondition(
                    labels.count == labelNames[name]?.count, "metric \(name) takes labels \(labelNames[name] ?? [])")
            }
        }
        families.withLock { families in
            for change in changes {
                switch change {
                case .increment(let name, let labels, let amount):
                    families[name]?.update(labels) { series, _ in series.value += amount }
                case .observe(let name, let labels, let value):
                    families[name]?.update(labels) { series, buckets in Self.add(value, to: &series, buckets: buckets) }
                }
            }
        }
    }

    private static func add(_ value: Double, to series: inout Series, buckets: [Double]) {
        if series.bucketCounts.isEmpty { series.bucketCounts = Array(repeating: 0, count: buckets.count) }
        for (index, bound) in buckets.enumerated() where value <= bound { series.bucketCounts[index] += 1 }
        series.sum += value
        series.count += 1
    }

    private func update(_ name: String, _ labels: [String], _ change: (inout Series, [Double]) -> Void) {
        precondition(labels.count == labelNames[name]?.count, "metric \(name) takes labels \(labelNames[name] ?? [])")
        families.withLock { families in
            families[name]?.update(labels, change)
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
        let snapshot = families.withLock { $0 }
        for name in familyOrder {
            guard let family = snapshot[name] else { continue }
            let names = labelNames[name] ?? []
            text += "# HELP \(name) \(family.help)\n# TYPE \(name) \(family.kind.rawValue)\n"
            for labels in family.order {
                guard let series = family.series[labels] else { continue }
                let pairs = Array(zip(names, labels))
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
