import ActionHubDomain
import Testing

@Suite struct RetentionPeriodTests {
    @Test(arguments: [
        ("90d", Duration.seconds(90 * 86_400)), ("12h", .seconds(43_200)), ("15m", .seconds(900)),
        ("45s", .seconds(45)),
        ("36500d", .seconds(36_500 * 86_400)),
    ])
    func readsAWholeNumberWithItsUnit(_ text: String, _ duration: Duration) throws {
        let period = try #require(RetentionPeriod(parsing: text))
        #expect(period.duration == duration)
        #expect(period.description == text)
    }

    @Test(arguments: ["", "30", "d", "0d", "-1d", "1.5d", "1w", "36501d", "off ", "OFF", "9999999999999999999d"])
    func refusesAnythingElse(_ text: String) {
        #expect(RetentionPeriod(parsing: text) == nil)
    }

    @Test func offKeepsEverythingAndACutoffIsThatLongAgo() throws {
        #expect(try #require(RetentionPeriod(parsing: "off")).cutoff(now: 1_000_000) == nil)
        #expect(try #require(RetentionPeriod(parsing: "1s")).cutoff(now: 1_000_000) == 999_000)
    }
}
