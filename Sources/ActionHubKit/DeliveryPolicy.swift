import Foundation

/// What to do after an attempt, decided by the answer's status alone.
public enum DeliveryDecision: Sendable, Equatable {
    /// 200 or 201: stored (201) or stored before (200, a replay): remove it from the outbox.
    case delivered
    /// 429, 503, other 5xx, or no answer at all: try again after a pause (`Retry-After` when
    /// the server gave one).
    case retry(after: Duration?)
    /// 401: the credential is missing or no longer valid. Nothing is sent until the app
    /// supplies a new one (`credentialsChanged()`); retrying would only be refused again.
    case pauseForCredential
    /// 400, 403, 404, 409, 413, 415, 422 and any other status: no retry can fix it.
    case refused

    public static func decide(status: Int?, retryAfter: String?, now: Date = Date()) -> DeliveryDecision {
        guard let status else { return .retry(after: nil) }
        switch status {
        case 200, 201: return .delivered
        case 401: return .pauseForCredential
        case 408, 429, 500...599: return .retry(after: retryAfter.flatMap { Self.delay(retryAfter: $0, now: now) })
        default: return .refused
        }
    }

    /// `Retry-After` as seconds or as an HTTP date (RFC 9110 §10.2.3).
    static func delay(retryAfter: String, now: Date) -> Duration? {
        let text = retryAfter.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(text), seconds >= 0 { return .seconds(seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return .milliseconds(max(0, Int((date.timeIntervalSince(now) * 1000).rounded(.up))))
    }
}
