import APNs
import Curl
import Testing

/// What each of APNs' answers means for a delivery.
/// <https://developer.apple.com/documentation/usernotifications/handling-notification-responses-from-apns>
struct APNsAnswerTests {
    static func judge(_ status: Int, _ body: String = "") -> APNsAnswer {
        APNsAnswer.judge(status: status, body: Array(body.utf8))
    }

    @Test func eachAnswerIsJudgedAsAPNsDocumentsIt() {
        #expect(Self.judge(200) == .sent)
        #expect(
            Self.judge(400, #"{"reason":"BadDeviceToken"}"#)
                == .deviceGone(reason: "BadDeviceToken", unregisteredAt: nil))
        #expect(
            Self.judge(410, #"{"reason":"Unregistered","timestamp":1764800000123}"#)
                == .deviceGone(reason: "Unregistered", unregisteredAt: 1_764_800_000_123))
        #expect(Self.judge(403, #"{"reason":"ExpiredProviderToken"}"#) == .tokenExpired)
        #expect(
            Self.judge(429, #"{"reason":"TooManyRequests"}"#)
                == .retry(reason: "TooManyRequests", label: "TooManyRequests"))
        #expect(Self.judge(503, "") == .retry(reason: "HTTP 503", label: "HTTP 503"))
        #expect(Self.judge(400, #"{"reason":"BadTopic"}"#) == .refused(reason: "BadTopic"))
        #expect(Self.judge(413, #"{"reason":"PayloadTooLarge"}"#) == .refused(reason: "PayloadTooLarge"))
        // The operator's key not (yet) accepted: the pushes wait for the fix instead of failing.
        #expect(Self.judge(403, #"{"reason":"InvalidProviderToken"}"#).label == "InvalidProviderToken")
        guard case .retry = Self.judge(403, #"{"reason":"InvalidProviderToken"}"#) else {
            Issue.record("InvalidProviderToken is not retried")
            return
        }
    }

    @Test func noAnswerIsRetried() {
        #expect(APNsAnswer(.failure(.timedOut(afterMilliseconds: 10_000))).label == "timeout")
        #expect(
            APNsAnswer(.failure(.transfer(CurlError(code: 7, message: "Couldn't connect to server")))).label
                == "connection")
        #expect(
            APNsAnswer(.success(CurlResponse(status: 200, headers: [:], body: [], duration: .milliseconds(3))))
                == .sent)
    }

    @Test func theApnsIdIsAUUIDStablePerPushAndDevice() {
        let id = APNsSender.apnsId(push: "p-1", token: "ab")
        #expect(id == APNsSender.apnsId(push: "p-1", token: "ab"))
        #expect(id != APNsSender.apnsId(push: "p-1", token: "ac"))
        #expect(id != APNsSender.apnsId(push: "p-2", token: "ab"))
        let groups = id.split(separator: "-").map(\.count)
        #expect(groups == [8, 4, 4, 4, 12])
        #expect(Array(id)[14] == "8", "version 8")
    }

    @Test func retriesBackOffUpToFiveMinutes() {
        #expect((1000...1200).contains(APNsSender.backoff(attempts: 0)))
        #expect((8000...9600).contains(APNsSender.backoff(attempts: 3)))
        #expect((300_000...360_000).contains(APNsSender.backoff(attempts: 30)))
    }
}
