import ActionHubDomain

extension InMemoryResponseStore {
    public func register(_ device: Device) throws -> Bool {
        state.withLock { state in
            if let index = state.devices.firstIndex(where: { $0.device.token == device.token }) {
                state.devices[index].device = device
                return false
            }
            state.devices.append((state.takePosition(), device))
            return true
        }
    }

    public func devices(userId: String) throws -> [Device] {
        state.withLock { state in
            state.devices.filter { $0.device.userId == userId }
                .sorted { ($0.device.registeredAt, $0.position) < ($1.device.registeredAt, $1.position) }
                .map(\.device)
        }
    }

    public func device(token: String) throws -> Device? {
        state.withLock { $0.devices.first { $0.device.token == token }?.device }
    }

    public func removeDevice(token: String) throws -> Bool {
        state.withLock { state in
            let before = state.devices.count
            state.devices.removeAll { $0.device.token == token }
            return state.devices.count < before
        }
    }
}
