/// What ActionHub tells its operators: the metrics it keeps and the log it writes.
public struct Telemetry: Sendable {
    public let metrics: MetricsRegistry
    public let logger: Logger
    /// The families every request records into, resolved once.
    public let httpRequests: MetricsRegistry.FamilyID
    public let httpDuration: MetricsRegistry.FamilyID

    public init(logger: Logger) {
        self.logger = logger
        metrics = MetricsRegistry(Self.declarations)
        httpRequests = metrics.family(Name.httpRequests)
        httpDuration = metrics.family(Name.httpDuration)
    }

    public enum Name {
        public static let httpRequests = "actionhub_http_requests_total"
        public static let httpDuration = "actionhub_http_request_duration_seconds"
        public static let responses = "actionhub_responses_total"
        public static let commitBatchSize = "actionhub_commit_batch_size"
        public static let commitDuration = "actionhub_commit_duration_seconds"
        public static let webhookDeliveries = "actionhub_webhook_attempts_total"
        public static let calls = "actionhub_calls_total"
        public static let callDuration = "actionhub_call_duration_seconds"
        public static let pushAttempts = "actionhub_push_attempts_total"
        public static let pushDuration = "actionhub_push_request_duration_seconds"
    }

    static let latencyBuckets = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]

    static let declarations: [MetricsRegistry.Declaration] = [
        .counter(
            Name.httpRequests, "HTTP requests by route template, method and status.",
            labels: ["route", "method", "status"]),
        .histogram(
            Name.httpDuration, "Time from a complete request to its answer, by route template.", labels: ["route"],
            buckets: latencyBuckets),
        .counter(
            Name.responses,
            "Notification responses by category, action, handler and outcome (created, replayed, conflict, rejected, "
                + "unavailable: a call route's backend gave no usable answer).",
            labels: ["category", "action", "handler", "outcome"]),
        .histogram(
            Name.commitBatchSize, "Events committed per transaction.", buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256]),
        .histogram(Name.commitDuration, "Time per commit, from BEGIN to durable COMMIT.", buckets: latencyBuckets),
        .counter(
            Name.webhookDeliveries,
            "Webhook delivery attempts by endpoint and outcome (delivered, retried, failed: the schedule used up).",
            labels: ["endpoint", "outcome"]),
        .counter(
            Name.calls,
            "Calls of call routes to the teams' backends by category, action and outcome (ok, refused, failed, timeout).",
            labels: ["category", "action", "outcome"]),
        .histogram(
            Name.callDuration, "Time from a call's start to its backend's complete answer, by category and action.",
            labels: ["category", "action"], buckets: latencyBuckets),
        .counter(
            Name.pushAttempts,
            "Push requests to APNs by result: sent, or APNs' reason (BadDeviceToken, Unregistered, TooManyRequests, "
                + "…), timeout, connection.",
            labels: ["result"]),
        .histogram(
            Name.pushDuration, "Time from a push request's start to APNs' complete answer.", buckets: latencyBuckets),
    ]
}
