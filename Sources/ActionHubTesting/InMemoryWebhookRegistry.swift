import ActionHubDomain
import Basics

/// Webhook endpoints in memory, for tests of the API above the stores. `InMemoryResponseStore`
/// writes no outbox, so endpoints here never have deliveries.
public final class InMemoryWebhookRegistry: WebhookRegistry {
    private let stored = Locked<[WebhookEndpoint]>([])

    public init() {}

    public func create(_ endpoint: WebhookEndpoint, secret: String) throws {
        stored.withLock { $0.append(endpoint) }
    }

    public func endpoints() throws -> [WebhookEndpoint] {
        stored.withLock { $0 }
    }

    public func delete(endpointId: String) throws -> Bool {
        stored.withLock { stored in
            let before = stored.count
            stored.removeAll { $0.id == endpointId }
            return stored.count < before
        }
    }

    public func deliveries(endpointId: String, status: WebhookDelivery.Status?, page: PageRequest) throws
        -> Page<WebhookDelivery>?
    {
        stored.withLock { stored in
            stored.contains { $0.id == endpointId } ? Page(items: [], next: nil) : nil
        }
    }

    /// Holds no deliveries.
    public func deliveryCounts() throws -> [String: WebhookDeliveryCounts] { [:] }

    public func redeliver(endpointId: String, sequence: Int64, now: Int64) throws -> WebhookDelivery? {
        nil
    }
}
