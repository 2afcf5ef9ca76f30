/// How far an endpoint is behind: deliveries still to make, those that gave up, and when the
/// oldest still pending was created (Unix milliseconds).
public struct WebhookDeliveryCounts: Sendable, Equatable {
    public var pending: Int
    public var failed: Int
    public var oldestPendingAt: Int64?

    public init(pending: Int = 0, failed: Int = 0, oldestPendingAt: Int64? = nil) {
        self.pending = pending
        self.failed = failed
        self.oldestPendingAt = oldestPendingAt
    }
}

extension WebhookDeliveryCounts {
    /// From rows of (endpoint id, "pending" or "failed", count, oldest pending creation).
    public static func grouped(_ rows: [(String, String, Int, Int64?)]) -> [String: WebhookDeliveryCounts] {
        var counts: [String: WebhookDeliveryCounts] = [:]
        for (endpoint, status, count, oldest) in rows {
            if status == "pending" {
                counts[endpoint, default: WebhookDeliveryCounts()].pending = count
                counts[endpoint, default: WebhookDeliveryCounts()].oldestPendingAt = oldest
            } else {
                counts[endpoint, default: WebhookDeliveryCounts()].failed = count
            }
        }
        return counts
    }
}
