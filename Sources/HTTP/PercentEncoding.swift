/// Percent-decoding of URL paths and query strings (RFC 3986 §2.1).
public enum PercentEncoding {
    /// The decoded text; nil for a broken `%` escape or bytes that are not UTF-8.
    public static func decode(_ text: some StringProtocol, plusAsSpace: Bool = false) -> String? {
        decode(bytes: text.utf8, plusAsSpace: plusAsSpace)
    }

    /// The same, from the encoded text's UTF-8 bytes.
    public static func decode(bytes encoded: some Sequence<UInt8>, plusAsSpace: Bool = false) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(encoded.underestimatedCount)
        var iterator = encoded.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    return nil
                }
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+") where plusAsSpace:
                bytes.append(UInt8(ascii: " "))
            default:
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
