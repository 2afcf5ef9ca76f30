import ActionHubDomain
import Testing

@Suite struct RetryScheduleTests {
    @Test func parsesTheDocumentedDefaultAndEveryUnit() throws {
        #expect(RetrySchedule(parsing: "5s,5m,30m,2h,5h,10h,10h") == .standard)
        #expect(
            RetrySchedule(parsing: "250ms, 1s,2m,1h,1d")?.delays == [
                .milliseconds(250), .seconds(1), .seconds(120), .seconds(3600), .seconds(86400),
            ])
        #expect(RetrySchedule(parsing: "")?.delays == [])
        for refused in ["5", "s", "-5s", "5 s", "1.5s", "5s,,5s", "5w", "31d", "5S"] {
            #expect(RetrySchedule(parsing: refused) == nil, "\(refused)")
        }
    }

    @Test func oneRetryPerEntryThenNone() {
        let schedule = RetrySchedule(delays: [.seconds(5), .seconds(300)])
        #expect(schedule.nextAttempt(after: 1, now: 1000) == 6000)
        #expect(schedule.nextAttempt(after: 2, now: 1000) == 301_000)
        #expect(schedule.nextAttempt(after: 3, now: 1000) == nil)
        #expect(RetrySchedule(delays: []).nextAttempt(after: 1, now: 1000) == nil)
    }
}
