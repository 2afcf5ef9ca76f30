extension Timestamp {
    /// Unix milliseconds for an RFC 3339 timestamp (`isValid`), its offset applied; fractions
    /// beyond milliseconds are truncated. Nil for anything `isValid` refuses.
    public static func milliseconds(parsing text: String) -> Int64? {
        guard isValid(text) else { return nil }
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int64 {
            bytes[range].reduce(0) { $0 * 10 + Int64($1 - UInt8(ascii: "0")) }
        }
        let (year, month, day) = (number(0..<4), number(5..<7), number(8..<10))
        var milliseconds =
            (daysSinceEpoch(year: year, month: month, day: day) * 86_400 + number(11..<13) * 3600
                + number(14..<16) * 60 + number(17..<19)) * 1000
        var index = 19
        if bytes[index] == UInt8(ascii: ".") {
            var scale: Int64 = 100
            index += 1
            while (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                milliseconds += Int64(bytes[index] - UInt8(ascii: "0")) * scale
                scale /= 10
                index += 1
            }
        }
        if bytes[index] | 0x20 != UInt8(ascii: "z") {
            let offset = (number(index + 1..<index + 3) * 60 + number(index + 4..<index + 6)) * 60_000
            milliseconds += bytes[index] == UInt8(ascii: "+") ? -offset : offset
        }
        return milliseconds
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's days_from_civil).
    private static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
