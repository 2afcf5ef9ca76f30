import ActionHubDomain
import Curl
import JSON
import Testing

@testable import Calls

/// How a backend's answer is judged, rule by rule.
@Suite struct CallVerdictTests {
    static let call = BackendCall(
        url: "http://backend/x", timeout: .milliseconds(1500), eventId: "E",
        route: RouteKey(category: "order", action: "cancel", handler: "call"), body: [])

    static func judge(_ status: Int, _ body: String, headers: [String: String] = [:]) -> (BackendAnswer, String) {
        let response = CurlResponse(
            status: status, headers: headers, body: Array(body.utf8), duration: .milliseconds(8))
        return CallVerdict.judge(.success(response), of: call, retryJitter: 4)
    }

    static func cause(_ verdict: (BackendAnswer, String)) -> (String, Int)? {
        guard case .unavailable(let unavailable) = verdict.0 else { return nil }
        return (unavailable.cause, unavailable.retryAfterSeconds)
    }

    @Test func aJSONObjectFrom200Or201IsTheResult() {
        for status in [200, 201] {
            let (answer, outcome) = Self.judge(status, #"{"seat": "12A"}"#)
            guard case .result(let result, let receipt) = answer else {
                Issue.record("\(status) was not a result")
                continue
            }
            #expect(result == ["seat": .string("12A")])
            #expect(receipt == CallReceipt(status: status, duration: .milliseconds(8)))
            #expect(outcome == "ok")
        }
    }

    @Test func otherSuccessesAreNotResults() {
        #expect(Self.cause(Self.judge(200, "[1]"))?.0 == "backend answered 200 with a body that is not a JSON object")
        #expect(Self.cause(Self.judge(200, ""))?.0 == "backend answered 200 with a body that is not a JSON object")
        #expect(
            Self.cause(Self.judge(204, ""))?.0 == "backend answered 204; a result is a 200 or 201 with a JSON object")
        #expect(Self.cause(Self.judge(302, ""))?.0 == "backend answered 302 (redirects are not followed)")
    }

    @Test func a4xxIsARefusalWithTheBackendsWords() {
        let (answer, outcome) = Self.judge(409, #"{"title": "Shipped", "detail": "It left the warehouse."}"#)
        #expect(outcome == "refused")
        guard case .refused(let refusal) = answer else {
            Issue.record("409 was not a refusal")
            return
        }
        #expect(refusal.backendStatus == 409)
        #expect(refusal.title == "Shipped")
        #expect(refusal.detail == "It left the warehouse.")
        guard case .refused(let bare) = Self.judge(400, "no").0 else {
            Issue.record("400 was not a refusal")
            return
        }
        #expect(bare.title == nil && bare.detail == nil)
        guard case .refused(let long) = Self.judge(403, #"{"detail": "\#(String(repeating: "y", count: 5000))"}"#).0
        else { return }
        #expect(long.detail?.count == CallVerdict.passedOnLength + 1)
    }

    @Test func a5xxTooManyRequestsAndTimeoutsAreRetriedWithTheBackendsRetryAfter() {
        #expect(Self.cause(Self.judge(503, "", headers: ["retry-after": "30"]))! == ("backend answered 503", 30))
        #expect(Self.cause(Self.judge(500, ""))! == ("backend answered 500", 4))
        #expect(Self.cause(Self.judge(429, "", headers: ["retry-after": "2"]))! == ("backend answered 429", 2))
        #expect(Self.cause(Self.judge(502, "", headers: ["retry-after": "100000"]))!.1 == 300)
        let timedOut = CallVerdict.judge(.failure(.timedOut(afterMilliseconds: 1500)), of: Self.call, retryJitter: 2)
        #expect(Self.cause(timedOut)! == ("backend timed out after 1.5 s", 2))
        #expect(timedOut.1 == "timeout")
        let large = CallVerdict.judge(.failure(.bodyTooLarge(status: 200, limit: 16384)), of: Self.call, retryJitter: 2)
        #expect(Self.cause(large)?.0 == "backend answered 200 with a body over 16 KiB")
    }
}
