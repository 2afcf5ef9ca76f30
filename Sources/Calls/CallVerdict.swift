import ActionHubDomain
import Curl
import JSON

/// How a backend's answer to a call is judged, by its status: the rules docs/routes-and-handlers.md tells the
/// teams. A pure function of the answer, so each rule is tested on its own.
enum CallVerdict {
    /// The largest body a result or refusal may have.
    static let bodyLimit = 16 * 1024
    /// Title and detail passed on from a refusal are cut to this many characters.
    static let passedOnLength = 1000

    /// What the app is answered, and the metric outcome: ok, refused, failed or timeout.
    static func judge(_ outcome: Result<CurlResponse, CurlFailure>, of call: BackendCall, retryJitter: Int)
        -> (answer: BackendAnswer, outcome: String)
    {
        let response: CurlResponse
        switch outcome {
        case .success(let answered):
            response = answered
        case .failure(.timedOut):
            return (unavailable("backend timed out after \(seconds(call.timeout)) s", call, retryJitter), "timeout")
        case .failure(.bodyTooLarge(let status, let limit)):
            return (
                unavailable("backend answered \(status) with a body over \(limit / 1024) KiB", call, retryJitter),
                "failed"
            )
        case .failure(.stopped):
            return (unavailable("ActionHub is shutting down; the call was abandoned", call, 1), "failed")
        case .failure(.transfer(let error)):
            return (unavailable("backend could not be reached: \(error.message)", call, retryJitter), "failed")
        }
        switch response.status {
        case 200, 201:
            guard let body = try? JSONParser().parse(response.body), case .object(let result) = body else {
                return (
                    unavailable(
                        "backend answered \(response.status) with a body that is not a JSON object", call, retryJitter),
                    "failed"
                )
            }
            return (.result(result, CallReceipt(status: response.status, duration: response.duration)), "ok")
        case 408, 429:
            // "Later", not "no": the app should retry as for a 503.
            let retry = retryAfter(response.headers["retry-after"]) ?? retryJitter
            return (unavailable("backend answered \(response.status)", call, retry), "failed")
        case 400...499:
            let problem = try? JSONParser().parse(response.body)
            return (
                .refused(
                    BackendRefusal(
                        backendStatus: response.status, title: passedOn(problem?["title"]),
                        detail: passedOn(problem?["detail"]), route: call.route)), "refused"
            )
        default:
            var cause = "backend answered \(response.status)"
            if (300...399).contains(response.status) { cause += " (redirects are not followed)" }
            if (200...299).contains(response.status) { cause += "; a result is a 200 or 201 with a JSON object" }
            let retry = retryAfter(response.headers["retry-after"]) ?? retryJitter
            return (unavailable(cause, call, retry), "failed")
        }
    }

    private static func unavailable(_ cause: String, _ call: BackendCall, _ retryAfter: Int) -> BackendAnswer {
        .unavailable(BackendUnavailable(cause: cause, retryAfterSeconds: retryAfter, route: call.route))
    }

    /// A backend's `Retry-After` in seconds (delta-seconds only), kept within 1 s to 5 min.
    static func retryAfter(_ header: String?) -> Int? {
        guard let header, let seconds = Int(header) else { return nil }
        return min(300, max(1, seconds))
    }

    private static func passedOn(_ value: JSONValue?) -> String? {
        guard let text = value?.stringValue, !text.isEmpty else { return nil }
        return text.count > passedOnLength ? String(text.prefix(passedOnLength)) + "…" : text
    }

    /// `2`, `0.5`: the route's timeout as the route file wrote it.
    static func seconds(_ duration: Duration) -> String {
        let milliseconds = Int(duration / .milliseconds(1))
        return milliseconds % 1000 == 0 ? String(milliseconds / 1000) : String(Double(milliseconds) / 1000)
    }
}
