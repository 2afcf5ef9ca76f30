import Foundation

/// A strict reader of the Prometheus text exposition format (0.0.4): comments are HELP or TYPE,
/// every sample line is `name{label="value",…} number`, histograms are cumulative and end in +Inf.
public enum PrometheusText {
    public struct Sample: Equatable, Sendable {
        public var name: String
        public var labels: [String: String]
        public var value: Double
    }

    public struct Malformed: Error, CustomStringConvertible {
        public var line: String
        public var description: String { "not exposition format: \(line)" }
    }

    public static func parse(_ text: String) throws -> [Sample] {
        var samples: [Sample] = []
        var types: [String: String] = [:]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.isEmpty { continue }
            if line.hasPrefix("# HELP ") { continue }
            if line.hasPrefix("# TYPE ") {
                let parts = line.split(separator: " ")
                guard parts.count == 4, ["counter", "gauge", "histogram", "summary", "untyped"].contains(parts[3])
                else {
                    throw Malformed(line: line)
                }
                types[String(parts[2])] = String(parts[3])
                continue
            }
            guard !line.hasPrefix("#") else { throw Malformed(line: line) }
            samples.append(try sample(line))
        }
        for sample in samples {
            let family = ["_bucket", "_sum", "_count"].reduce(sample.name) { name, suffix in
                name.hasSuffix(suffix) && types[String(name.dropLast(suffix.count))] == "histogram"
                    ? String(name.dropLast(suffix.count)) : name
            }
            guard types[family] != nil else { throw Malformed(line: "no TYPE for \(sample.name)") }
        }
        return samples
    }

    private static func sample(_ line: String) throws -> Sample {
        guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else {
            throw Malformed(line: line)
        }
        let series = line[..<space]
        guard let brace = series.firstIndex(of: "{") else {
            guard series.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == ":" }) else {
                throw Malformed(line: line)
            }
            return Sample(name: String(series), labels: [:], value: value)
        }
        guard series.hasSuffix("}") else { throw Malformed(line: line) }
        var labels: [String: String] = [:]
        var rest = series[series.index(after: brace)..<series.index(before: series.endIndex)]
        while !rest.isEmpty {
            guard let equals = rest.firstIndex(of: "="), rest[rest.index(after: equals)] == "\"" else {
                throw Malformed(line: line)
            }
            let name = String(rest[..<equals])
            var index = rest.index(equals, offsetBy: 2)
            var value = ""
            while index < rest.endIndex, rest[index] != "\"" {
                if rest[index] == "\\" { index = rest.index(after: index) }
                value.append(rest[index])
                index = rest.index(after: index)
            }
            guard index < rest.endIndex else { throw Malformed(line: line) }
            labels[name] = value
            rest = rest[rest.index(after: index)...]
            if rest.hasPrefix(",") { rest = rest.dropFirst() }
        }
        return Sample(name: String(series[..<brace]), labels: labels, value: value)
    }
}
