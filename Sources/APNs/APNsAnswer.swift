import ActionHubDomain
import Curl
import JSON

/// What APNs' answer to one request means for its delivery.
/// <https://developer.apple.com/documentation/usernotifications/handling-notification-responses-from-apns>
public enum APNsAnswer: Equatable, Sendable {
    /// 200: APNs took it.
    case sent
    /// Not this time: 429, 5xx, a timeout or no connection. `label` names it in the metrics.
    case retry(reason: String, label: String)
    /// The provider token expired (403 `ExpiredProviderToken`): made again, and the push retried at once.
    case tokenExpired
    /// Refused for good, the device fine: `BadTopic`, `PayloadTooLarge`, …
    case refused(reason: String)
    /// The token is no good (`BadDeviceToken`), or the app is gone from the device since
    /// `unregisteredAt` (410 `Unregistered`, Unix milliseconds).
    case deviceGone(reason: String, unregisteredAt: Int64?)

    public init(_ result: Result<CurlResponse, CurlFailure>) {
        switch result {
        case .failure(.timedOut):
            self = .retry(reason: "no answer within the timeout", label: "timeout")
        case .failure(.stopped):
            self = .retry(reason: "the sender stopped", label: "stopped")
        case .failure(.bodyTooLarge(let status, _)):
            self = .retry(reason: "APNs answered \(status) with an oversized body", label: "connection")
        case .failure(.transfer(let error)):
            self = .retry(reason: error.message, label: "connection")
        case .success(let response):
            self = Self.judge(status: response.status, body: response.body)
        }
    }

    public static func judge(status: Int, body: [UInt8]) -> APNsAnswer {
        guard status != 200 else { return .sent }
        let object = (try? JSONParser().parse(body))?.objectValue
        let reason = object?["reason"]?.stringValue ?? "HTTP \(status)"
        switch (status, reason) {
        case (400, "BadDeviceToken"):
            return .deviceGone(reason: reason, unregisteredAt: nil)
        case (410, _):
            // `timestamp`: milliseconds since 1970 when APNs last knew the token invalid.
            let timestamp = object?["timestamp"]?.integralValue.map(Int64.init)
            return .deviceGone(reason: reason, unregisteredAt: timestamp)
        case (403, "ExpiredProviderToken"):
            return .tokenExpired
        case (429, _), (500...599, _):
            return .retry(reason: reason, label: reason)
        // A key or team not (yet) accepted is the operator's to fix: the pushes wait for it.
        case (403, "InvalidProviderToken"), (403, "MissingProviderToken"):
            return .retry(reason: reason, label: reason)
        default:
            return .refused(reason: reason)
        }
    }

    /// The label `actionhub_push_attempts_total` counts it under.
    public var label: String {
        switch self {
        case .sent: "sent"
        case .retry(_, let label): label
        case .tokenExpired: "ExpiredProviderToken"
        case .refused(let reason), .deviceGone(let reason, _): reason
        }
    }
}
