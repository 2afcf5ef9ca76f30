/// The deliveries waiting to be sent, as the delivery threads see them. Every stored event gets
/// its delivery rows in its own transaction, so they are here once the event is.
public protocol WebhookOutbox: Sendable {
    /// Every endpoint with what signing needs.
    func targets() throws -> [WebhookTarget]
    /// In one transaction: records what finished attempts came to, then takes for each request up
    /// to its limit of the endpoint's deliveries that are due at `now`, counting an attempt for
    /// each and hiding them from every other claimer while this instance holds them: until
    /// `leaseUntil` (SQLite: one process, leases in memory) or as long as this instance lives
    /// (PostgreSQL: claims name their instance, which beats its heart in these rounds). A
    /// delivery an instance dies holding is claimed again after its lease, or within seconds of
    /// the death.
    func settle(_ results: [DeliveryResult], claiming requests: [ClaimRequest], now: Int64, leaseUntil: Int64)
        throws -> [DueDelivery]
    /// Removes up to `limit` deliveries that were settled (delivered, or failed for good) before
    /// `cutoff` (Unix milliseconds), oldest first; pending ones stay. Returns how many: called
    /// again until it returns 0.
    func pruneDeliveries(settledBefore cutoff: Int64, limit: Int) throws -> Int
    /// Deliveries pending now, the oldest stored, and the oldest due at `now` that no claim holds.
    func backlog(now: Int64) throws -> OutboxBacklog
}
