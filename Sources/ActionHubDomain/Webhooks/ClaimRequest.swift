/// How many due deliveries of one endpoint the delivery threads can take now.
public struct ClaimRequest: Sendable, Equatable {
    public var endpointId: String
    public var limit: Int

    public init(endpointId: String, limit: Int) {
        self.endpointId = endpointId
        self.limit = limit
    }
}
