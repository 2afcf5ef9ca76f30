import Basics
import Foundation
import Testing

@Suite struct TimestampTests {
    @Test(arguments: [
        "2026-11-30T09:00:00Z", "2026-11-30t09:00:00z", "2026-11-30T09:00:00.123456Z", "2024-02-29T23:59:59+01:00",
        "2026-11-30T09:00:00-08:00",
    ])
    func accepts(_ text: String) {
        #expect(Timestamp.isValid(text))
    }

    @Test(arguments: [
        "2026-11-30", "2026-11-30T09:00:00", "2025-02-29T00:00:00Z", "2026-11-31T00:00:00Z", "2026-11-30T24:00:00Z",
        "2026-11-30T09:00:00.Z", "2026-11-30T09:00:00+0100", "yesterday", "2026-11-30T09:00:00Z ",
    ])
    func rejects(_ text: String) {
        #expect(!Timestamp.isValid(text))
    }

    @Test func formatsUTCWithMilliseconds() {
        #expect(Timestamp.format(Date(timeIntervalSince1970: 1_796_029_205.25)) == "2026-11-30T09:00:05.250Z")
    }

    /// From 1600 (Foundation's calendar is Julian before 1582) to 2400, 0.2 ms into each
    /// millisecond so that neither side's truncation meets a binary fraction just below it.
    @Test func formatsLikeFoundation() {
        var generator = SystemRandomNumberGenerator()
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        let fixed: [Int] = [0, -1, 951_782_400_000, 4_107_542_399_999, -11_676_096_000_000, 1_709_164_800_000]
        let random = (0..<2000).map { _ in Int.random(in: -11_676_096_000_000...13_569_465_600_000, using: &generator) }
        for milliseconds in fixed + random {
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000 + 0.0002)
            #expect(Timestamp.format(date) == date.formatted(style), "\(milliseconds) ms")
        }
    }

    @Test func dropsWhatIsBelowAMillisecond() {
        #expect(Timestamp.format(Date(timeIntervalSince1970: 1.9999)) == "1970-01-01T00:00:01.999Z")
        #expect(Timestamp.format(Date(timeIntervalSince1970: -0.0001)) == "1969-12-31T23:59:59.999Z")
    }
}

@Suite struct TimestampParsingTests {
    @Test func parsesWhatItFormatsAndAppliesOffsets() {
        #expect(Timestamp.milliseconds(parsing: "1970-01-01T00:00:00Z") == 0)
        #expect(Timestamp.milliseconds(parsing: "2026-11-30T09:00:05.123Z") == 1_796_029_205_123)
        #expect(Timestamp.milliseconds(parsing: "2026-11-30T10:00:05.1234+01:00") == 1_796_029_205_123)
        #expect(Timestamp.milliseconds(parsing: "2024-02-29T00:00:00-00:30") == 1_709_166_600_000)
        #expect(Timestamp.milliseconds(parsing: "2026-11-30 09:00:05Z") == nil)
        #expect(Timestamp.milliseconds(parsing: "2026-02-30T09:00:05Z") == nil)
        for milliseconds in [Int64(0), 951_782_400_000, 1_764_493_205_999, 4_102_444_799_999] {
            #expect(Timestamp.milliseconds(parsing: Timestamp.format(milliseconds: milliseconds)) == milliseconds)
        }
    }
}
