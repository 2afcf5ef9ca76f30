import ActionHubDomain
import Telemetry

/// A response store opened for `serve`.
public struct OpenStore: Sendable {
    public var store: any ResponseStore
    public var close: @Sendable () -> Void
    public var gauges: @Sendable () -> [MetricsRegistry.Gauge]
}
