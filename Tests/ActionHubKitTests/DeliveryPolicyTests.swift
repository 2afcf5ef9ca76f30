import ActionHubKit
import Foundation
import Testing

@Suite struct DeliveryPolicyTests {
    @Test(arguments: [
        (200, DeliveryDecision.delivered), (201, .delivered), (401, .pauseForCredential),
        (400, .refused), (403, .refused), (404, .refused), (409, .refused), (413, .refused), (415, .refused),
        (422, .refused), (429, .retry(after: nil)), (500, .retry(after: nil)), (503, .retry(after: nil)),
    ])
    func decidesByStatus(status: Int, expected: DeliveryDecision) {
        #expect(DeliveryDecision.decide(status: status, retryAfter: nil) == expected)
    }

    @Test func noAnswerIsRetriedAndRetryAfterIsReadInBothForms() {
        #expect(DeliveryDecision.decide(status: nil, retryAfter: nil) == .retry(after: nil))
        #expect(DeliveryDecision.decide(status: 429, retryAfter: "7") == .retry(after: .seconds(7)))
        let now = Date(timeIntervalSince1970: 1_795_000_000)  // Fri, 18 Nov 2026 … GMT
        let later = now.addingTimeInterval(90)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        #expect(
            DeliveryDecision.decide(status: 503, retryAfter: formatter.string(from: later), now: now)
                == .retry(after: .seconds(90)))
        #expect(DeliveryDecision.decide(status: 503, retryAfter: "soon") == .retry(after: nil))
    }

    @Test func backoffDoublesWithJitterUpToTheMaximumAndHonoursRetryAfter() {
        let backoff = Backoff(initial: .seconds(2), maximum: .seconds(60))
        for _ in 0..<200 {
            let first = backoff.delay(afterAttempt: 1)
            #expect(first >= .seconds(1) && first <= .seconds(2))
            let fourth = backoff.delay(afterAttempt: 4)
            #expect(fourth >= .seconds(8) && fourth <= .seconds(16))
            let late = backoff.delay(afterAttempt: 40)
            #expect(late >= .seconds(30) && late <= .seconds(60))
        }
        #expect(backoff.delay(afterAttempt: 1, retryAfter: .seconds(30)) == .seconds(30))
    }
}
