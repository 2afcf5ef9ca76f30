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

    /// `2026-11-30T09:00:05.123Z`: UTC, milliseconds truncated. Computed by hand (days to civil
    /// date, after Howard Hinnant's algorithm): Foundation's format style costs a calendar
    /// computation per call, on every POST.
    public static func format(_ date: Date) -> String {
        let milliseconds = Int((date.timeIntervalSince1970 * 1000).rounded(.down))
        let (days, millisecondOfDay) = milliseconds.quotientAndRemainder(dividingBy: 86_400_000)
        let (dayOffset, timeOfDay) = millisecondOfDay < 0 ? (-1, millisecondOfDay + 86_400_000) : (0, millisecondOfDay)
        let shifted = days + dayOffset + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        var text: [UInt8] = []
        text.reserveCapacity(24)
        func append(_ value: Int, digits: Int, then separator: UInt8?) {
            var divisor = 1
            for _ in 1..<digits { divisor *= 10 }
            var rest = value
            while divisor > 0 {
                text.append(UInt8(ascii: "0") + UInt8(rest / divisor % 10))
                rest %= divisor
                divisor /= 10
            }
            if let separator { text.append(separator) }
        }
        append(year, digits: 4, then: UInt8(ascii: "-"))
        append(month, digits: 2, then: UInt8(ascii: "-"))
        append(day, digits: 2, then: UInt8(ascii: "T"))
        append(timeOfDay / 3_600_000, digits: 2, then: UInt8(ascii: ":"))
        append(timeOfDay / 60_000 % 60, digits: 2, then: UInt8(ascii: ":"))
        append(timeOfDay / 1000 % 60, digits: 2, then: UInt8(ascii: "."))
        append(timeOfDay % 1000, digits: 3, then: UInt8(ascii: "Z"))
        return String(decoding: text, as: UTF8.self)
    }
}
