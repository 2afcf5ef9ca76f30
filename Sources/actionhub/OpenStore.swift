import ActionHubDomain
import Telemetry

/// A response store opened for `serve`.
struct OpenStore: Sendable {
    var store: any ResponseStore
    var close: @Sendable () -> Void
    var gauges: @Sendable () -> [MetricsRegistry.Gauge]
}
