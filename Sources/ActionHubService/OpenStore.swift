import ActionHubDomain
import Telemetry

/// A response store opened for `serve`, with the webhook and push stores on the same database.
public struct OpenStore: Sendable {
    public var store: any ResponseStore
    public var webhooks: any WebhookRegistry & WebhookOutbox
    public var pushes: any PushStore & PushOutbox
    public var close: @Sendable () -> Void
    public var gauges: @Sendable () -> [MetricsRegistry.Gauge]
}
