/// What one attempt of a `DuePush` came to, for the outbox to record.
public struct PushAttempt: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        /// APNs took it.
        case sent
        /// Try again at `at` (Unix milliseconds): 429, 5xx, a timeout, no connection.
        case retry(at: Int64, reason: String)
        /// APNs refused it for good (a bad topic, a payload too large, …); the device stays active.
        case failed(reason: String)
        /// APNs says the token is no good: `BadDeviceToken`, or `Unregistered` since
        /// `unregisteredAt` (Unix milliseconds). The device is disabled, unless it was registered
        /// again after that moment (an app reinstalled after the uninstall APNs saw).
        case deviceGone(reason: String, unregisteredAt: Int64?)
    }

    public var sequence: Int64
    public var token: String
    public var outcome: Outcome

    public init(sequence: Int64, token: String, outcome: Outcome) {
        self.sequence = sequence
        self.token = token
        self.outcome = outcome
    }
}
