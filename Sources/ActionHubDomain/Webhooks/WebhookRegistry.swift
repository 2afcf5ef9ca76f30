/// The endpoints and their deliveries, as the admin API and the CLI manage them. Creating and
/// deleting an endpoint takes effect for the next event committed: the event's transaction reads
/// which endpoints it is for.
public protocol WebhookRegistry: Sendable {
    /// Stores the endpoint with its signing secret (`whsec_…`).
    func create(_ endpoint: WebhookEndpoint, secret: String) throws
    /// Every endpoint, oldest first.
    func endpoints() throws -> [WebhookEndpoint]
    /// Removes the endpoint and its deliveries; false when no endpoint has this id.
    func delete(endpointId: String) throws -> Bool
    /// The endpoint's deliveries, newest first; nil when no endpoint has this id.
    func deliveries(endpointId: String, status: WebhookDelivery.Status?, page: PageRequest) throws
        -> Page<WebhookDelivery>?
    /// Makes the delivery pending again, due at `now` with a fresh retry schedule; nil when the
    /// endpoint has no such delivery.
    func redeliver(endpointId: String, sequence: Int64, now: Int64) throws -> WebhookDelivery?
    /// Pending and failed deliveries per endpoint id; endpoints with neither are left out.
    func deliveryCounts() throws -> [String: WebhookDeliveryCounts]
}
