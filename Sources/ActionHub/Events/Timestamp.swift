import Foundation

/// RFC 3339 timestamps: the form every date in the API takes.
public enum Timestamp {
    /// True for `2026-11-30T09:00:05Z`, `2026-11-30T09:00:05.123+01:00` and the like, with real
    /// calendar ranges; false for anything else, including a missing offset.
    public static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.count <= 40 else { return false }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), bytes[4] == UInt8(ascii: "-"), let month = number(5..<7),
            bytes[7] == UInt8(ascii: "-"), let day = number(8..<10), bytes[10] | 0x20 == UInt8(ascii: "t"),
            let hour = number(11..<13), bytes[13] == UInt8(ascii: ":"), let minute = number(14..<16),
            bytes[16] == UInt8(ascii: ":"), let second = number(17..<19)
        else { return false }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), hour < 24,
            minute < 60, second < 61
        else { return false }
        var index = 19
        if bytes[index] == UInt8(ascii: ".") {
            let digitsStart = index + 1
            index = digitsStart
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard index > digitsStart, index < bytes.count else { return false }
        }
        if bytes[index] | 0x20 == UInt8(ascii: "z") { return index == bytes.count - 1 }
        guard bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"), bytes.count == index + 6,
            let offsetHours = number(index + 1..<index + 3), bytes[index + 3] == UInt8(ascii: ":"),
            let offsetMinutes = number(index + 4..<index + 6)
        else { return false }
        return offsetHours < 24 && offsetMinutes < 60
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `2026-11-30T09:00:05.123Z`.
    public static func format(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
