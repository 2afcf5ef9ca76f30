import ActionHubDomain

/// A delivery in a lane, with the end of its claim's lease (Unix milliseconds).
struct ClaimedDelivery: Sendable {
    var delivery: DueDelivery
    var leaseUntil: Int64

    static func batch(_ deliveries: [DueDelivery], leaseUntil: Int64) -> [ClaimedDelivery] {
        deliveries.map { ClaimedDelivery(delivery: $0, leaseUntil: leaseUntil) }
    }
}
