import Basics
import Testing

@testable import Telemetry

@Suite struct MetricsRegistryTests {
    let registry = MetricsRegistry([
        .counter("requests_total", "Requests.", labels: ["route", "status"]),
        .histogram("latency_seconds", "Latency.", buckets: [0.1, 1]),
    ])

    @Test func countsPerLabelSetAndRendersTheExpositionFormat() {
        registry.increment("requests_total", ["/a", "200"])
        registry.increment("requests_total", ["/a", "200"])
        registry.increment("requests_total", ["/b \"quoted\"\\n", "500"])
        registry.observe("latency_seconds", [], 0.05)
        registry.observe("latency_seconds", [], 0.5)
        registry.observe("latency_seconds", [], 3)
        #expect(registry.value("requests_total", ["/a", "200"]) == 2)
        #expect(
            registry.exposition(gauges: [.init(name: "up", help: "Up.", value: 1)]) == """
                # HELP requests_total Requests.
                # TYPE requests_total counter
                requests_total{route="/a",status="200"} 2
                requests_total{route="/b \\"quoted\\"\\\\n",status="500"} 1
                # HELP latency_seconds Latency.
                # TYPE latency_seconds histogram
                latency_seconds_bucket{le="0.1"} 1
                latency_seconds_bucket{le="1"} 2
                latency_seconds_bucket{le="+Inf"} 3
                latency_seconds_sum 3.55
                latency_seconds_count 3
                # HELP up Up.
                # TYPE up gauge
                up 1

                """)
    }

    /// The request path records through families resolved once; what it records is what the
    /// by-name calls would have, and series keep the order they first appeared in.
    @Test func changesThroughResolvedFamiliesCountLikeByName() {
        let requests = registry.family("requests_total")
        let latency = registry.family("latency_seconds")
        registry.record(.increment(requests, ["/b", "200"], by: 1), .observe(latency, [], 0.2))
        registry.record(.increment(requests, ["/a", "200"], by: 2), .observe(latency, [], 0.05))
        registry.increment("requests_total", ["/b", "200"])
        #expect(registry.value("requests_total", ["/b", "200"]) == 2)
        #expect(registry.value("requests_total", ["/a", "200"]) == 2)
        #expect(registry.value("latency_seconds") == 2)
        let exposition = registry.exposition()
        #expect(exposition.contains("requests_total{route=\"/b\",status=\"200\"} 2\nrequests_total{route=\"/a\""))
        #expect(exposition.contains("latency_seconds_bucket{le=\"0.1\"} 1\nlatency_seconds_bucket{le=\"1\"} 2\n"))
    }

    @Test func logLevelsFilterAndLinesAreJSON() {
        let lines = Lines()
        let logger = Logger(level: .warning) { lines.append($0) }
        logger.info("hidden")
        logger.warning("shown", ["count": .number("3")])
        #expect(lines.all.count == 1)
        #expect(lines.all[0].hasPrefix(#"{"time":""#))
        #expect(lines.all[0].hasSuffix(#","level":"warning","msg":"shown","count":3}"# + "\n"))
    }
}

final class Lines: Sendable {
    private let storage = Locked<[String]>([])
    func append(_ line: String) { storage.withLock { $0.append(line) } }
    var all: [String] { storage.withLock { $0 } }
}
