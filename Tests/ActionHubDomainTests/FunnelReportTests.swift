import ActionHubDomain
import Testing

/// The funnel counts people once per push, and times each button by its first press.
struct FunnelReportTests {
    static func response(_ push: String, _ user: String, _ action: String, _ milliseconds: Int64?)
        -> FunnelData.Response
    {
        FunnelData.Response(pushId: push, userId: user, action: action, millisecondsToAction: milliseconds)
    }

    @Test func peopleCountOncePerPushAndButtonsByTheirFirstPress() {
        let report = FunnelReport(
            FunnelData(
                sent: 10, delivered: 8,
                responses: [
                    Self.response("p-1", "u-1", "like", 4000), Self.response("p-1", "u-1", "like", 9000),
                    Self.response("p-1", "u-1", "reply", 20000), Self.response("p-1", "u-2", "like", 1000),
                    Self.response("p-2", "u-1", "like", 2000), Self.response("p-2", "u-3", "like", nil),
                ]))
        #expect(report.sent == 10 && report.delivered == 8)
        #expect(report.acted == 4, "u-1 and u-2 on p-1, u-1 and u-3 on p-2")
        #expect(report.actions["like"]?.acted == 4)
        #expect(report.actions["reply"]?.acted == 1)
        // Likes timed 1, 2 and 4 s (u-1's second like on p-1 is not its first; u-3's has no time).
        #expect(report.actions["like"]?.p50Seconds == 2)
        #expect(report.actions["like"]?.p90Seconds == 4)
        #expect(report.actions["reply"]?.p50Seconds == 20)
    }

    @Test func withoutTimesThePercentilesAreUnknown() {
        let report = FunnelReport(
            FunnelData(sent: 1, delivered: 0, responses: [Self.response("p-1", "u-1", "like", nil)]))
        #expect(report.actions["like"] == FunnelReport.ActionFunnel(acted: 1, p50Seconds: nil, p90Seconds: nil))
        #expect(FunnelReport(FunnelData(sent: 0, delivered: 0, responses: [])).actions.isEmpty)
    }

    @Test func timeToActionIsFromTheSendToRespondedAtOrTheReceipt() {
        #expect(
            PushTiming.millisecondsToAction(
                respondedAt: "2026-12-04T10:00:05.500Z", receivedAt: 9_999_999_999_999, sentAt: 1_796_378_400_000)
                == 5500)
        #expect(PushTiming.millisecondsToAction(respondedAt: nil, receivedAt: 1500, sentAt: 1000) == 500)
        #expect(PushTiming.millisecondsToAction(respondedAt: nil, receivedAt: 1500, sentAt: nil) == nil)
    }
}
