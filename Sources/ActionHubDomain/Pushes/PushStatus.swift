/// A push and where each of its deliveries stands.
public struct PushStatus: Sendable, Equatable {
    public struct DeviceDelivery: Sendable, Equatable {
        public var token: String
        public var status: PushDeliveryStatus
        /// APNs' reason, or why it was given up on.
        public var reason: String?
        /// The device said it received it.
        public var delivered: Bool

        public init(token: String, status: PushDeliveryStatus, reason: String? = nil, delivered: Bool = false) {
            self.token = token
            self.status = status
            self.reason = reason
            self.delivered = delivered
        }
    }

    public var id: String
    public var category: String
    public var createdAt: String
    public var devices: [DeviceDelivery]

    public init(id: String, category: String, createdAt: String, devices: [DeviceDelivery]) {
        self.id = id
        self.category = category
        self.createdAt = createdAt
        self.devices = devices
    }

    public func count(_ status: PushDeliveryStatus) -> Int { devices.count { $0.status == status } }
}
