/// PostgreSQL array literals, `{"a","b"}`, for sending a batch's values as one parameter.
///
/// Built as bytes, each value copied whole unless it holds a quote or backslash: a writer makes
/// some twenty of these per batch, and appending them scalar by scalar to a `String` cost ~80k
/// instructions per batch (a third of a sequential POST's on PostgreSQL).
enum PostgreSQLArray {
    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")

    static func literal(_ values: some Sequence<String>) -> String {
        literal(values.lazy.map { Optional($0) })
    }

    /// Nil is the array's NULL element.
    static func literal(_ values: some Sequence<String?>) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(2 + values.underestimatedCount * 24)
        bytes.append(UInt8(ascii: "{"))
        for value in values {
            if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
            guard var value else {
                bytes.append(contentsOf: "NULL".utf8)
                continue
            }
            bytes.append(quote)
            value.withUTF8 { utf8 in
                guard utf8.contains(where: { $0 == quote || $0 == backslash }) else {
                    return bytes.append(contentsOf: utf8)
                }
                for byte in utf8 {
                    if byte == quote || byte == backslash { bytes.append(backslash) }
                    bytes.append(byte)
                }
            }
            bytes.append(quote)
        }
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }

    static func literal(_ values: some Sequence<Int64>) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(2 + values.underestimatedCount * 12)
        bytes.append(UInt8(ascii: "{"))
        for value in values {
            if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
            appendDecimal(value, to: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The digits written straight into the literal: `String(value)` made a string per number.
    private static func appendDecimal(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        // Filled from the end of a stack buffer: reversing a slice of the array in place copied it.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }
}
