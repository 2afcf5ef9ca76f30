/// The deliveries waiting to be sent, as the delivery threads see them. Every stored event gets
/// its delivery rows in its own transaction, so they are here once the event is.
public protocol WebhookOutbox: Sendable {
    /// Every endpoint with what signing needs.
    func targets() throws -> [WebhookTarget]
    /// In one transaction: records what finished attempts came to, then takes for each request up
    /// to its limit of the endpoint's deliveries that are due at `now`, counting an attempt for
    /// each and hiding them from every claimer (this instance and others) until `leaseUntil`. An
    /// instance that dies mid-attempt leaves them to be claimed again then.
    func settle(_ results: [DeliveryResult], claiming requests: [ClaimRequest], now: Int64, leaseUntil: Int64)
        throws -> [DueDelivery]
    /// Deliveries pending now and when the oldest of them was stored (Unix milliseconds).
    func backlog() throws -> (pending: Int, oldestCreatedAt: Int64?)
}
