import ActionHub
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
}
