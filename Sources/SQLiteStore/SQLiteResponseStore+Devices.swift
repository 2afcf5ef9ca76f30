import ActionHubDomain

extension SQLiteResponseStore {
    public func register(_ device: Device) throws -> Bool {
        try registeredDevices.withLock { try $0.register(device) }
    }

    public func devices(userId: String) throws -> [Device] {
        try registeredDevices.withLock { try $0.devices(userId: userId) }
    }

    public func device(token: String) throws -> Device? {
        try registeredDevices.withLock { try $0.device(token: token) }
    }

    public func removeDevice(token: String) throws -> Bool {
        try registeredDevices.withLock { try $0.remove(token: token) }
    }
}
