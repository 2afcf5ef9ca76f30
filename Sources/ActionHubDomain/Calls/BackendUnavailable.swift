/// No usable answer from the team's backend: a 5xx, a timeout, no connection, a body that is not
/// a result, or every call slot taken. Nothing is stored; the app retries with the same id after
/// `retryAfterSeconds`.
public struct BackendUnavailable: Error, Sendable, Equatable {
    /// Says what happened, for the app's developer and the log: `backend timed out after 2 s`.
    public var cause: String
    public var retryAfterSeconds: Int
    public var route: RouteKey

    public init(cause: String, retryAfterSeconds: Int, route: RouteKey) {
        self.cause = cause
        self.retryAfterSeconds = retryAfterSeconds
        self.route = route
    }
}
