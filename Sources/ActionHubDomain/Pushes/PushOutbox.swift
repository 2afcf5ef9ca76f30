/// The push deliveries waiting to be sent, as the sender sees them.
public protocol PushOutbox: Sendable {
    /// In one transaction: records what finished attempts came to, then takes up to `limit`
    /// queued deliveries due at `now` whose device is active, hidden from other claimers until
    /// `leaseUntil` (an instance that dies holding them frees them then). A delivery whose device
    /// was disabled meanwhile fails with the device's reason instead of being taken.
    func settle(_ attempts: [PushAttempt], claiming limit: Int, now: Int64, leaseUntil: Int64) throws -> [DuePush]
    /// Deliveries queued now: due, waiting for a retry, or in flight.
    func queuedCount() throws -> Int
    /// Removes up to `limit` settled (sent or failed) deliveries of pushes created before
    /// `cutoff` (Unix milliseconds), oldest pushes first, then up to `limit` of those pushes that
    /// have none left; queued deliveries stay until they settle. Returns the rows removed: called
    /// again until it returns 0.
    func prunePushes(createdBefore cutoff: Int64, limit: Int) throws -> Int
}
