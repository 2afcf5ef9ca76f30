import JSON

/// What came of a `BackendCall`, already judged: a result to store, a "no" to pass on, or a
/// failure to retry.
public enum BackendAnswer: Sendable {
    /// The backend answered with this object: the event's result.
    case result(JSONObject, CallReceipt)
    /// The backend said no (a 4xx): nothing is stored, the app is told why.
    case refused(BackendRefusal)
    /// No usable answer: nothing is stored, the app retries with the same id.
    case unavailable(BackendUnavailable)
}

/// How the backend answered a call whose result was stored: kept with the event, so its history
/// and the feed show that its result came from a call.
public struct CallReceipt: Sendable, Equatable {
    public var status: Int
    public var duration: Duration

    public init(status: Int, duration: Duration) {
        self.status = status
        self.duration = duration
    }
}
