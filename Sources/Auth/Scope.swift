/// What an API key may do. `admin` includes the others.
public enum Scope: String, Sendable, CaseIterable, Comparable {
    case responsesWrite = "responses:write"
    case historyRead = "history:read"
    /// Prometheus scrapes: what an admin key could do besides (mint tokens) must not be needed.
    case metricsRead = "metrics:read"
    /// Sending pushes (`POST /v1/pushes`): a team's backend, not an app.
    case pushesWrite = "pushes:write"
    case admin

    public static func < (lhs: Scope, rhs: Scope) -> Bool { lhs.rawValue < rhs.rawValue }
}
