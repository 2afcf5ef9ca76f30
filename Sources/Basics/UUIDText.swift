/// UUIDs as text, without Foundation's `UUID`: on Linux its initializer opens `/dev/urandom` for
/// every new UUID and its parser goes through `sscanf`, which showed up in the profile of the
/// POST path.
public enum UUIDText {
    /// The upper-case form of an 8-4-4-4-12 hexadecimal UUID in either case; nil for anything else.
    public static func canonical(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { utf8 -> String? in
            guard utf8.count == 36 else { return nil }
            var valid = true
            // Written straight into the new string's storage: one allocation, and no iterator
            // over the UTF-8 view (a few instructions a byte more, on every event).
            let canonical = String(unsafeUninitializedCapacity: 36) { out in
                for index in 0..<36 {
                    let byte = utf8[index]
                    if index == 8 || index == 13 || index == 18 || index == 23 {
                        valid = valid && byte == UInt8(ascii: "-")
                        out[index] = byte
                        continue
                    }
                    switch byte {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "F"): out[index] = byte
                    case UInt8(ascii: "a")...UInt8(ascii: "f"): out[index] = byte - 0x20
                    default:
                        valid = false
                        out[index] = byte
                    }
                }
                return 36
            }
            return valid ? canonical : nil
        }
    }

    /// A new random (version 4) UUID in lower case, from the system's generator (getrandom).
    public static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return text(high: generator.next(), low: generator.next(), version: 4)
    }

    /// A name-based (version 8) UUID in lower case from the first 16 bytes of `digest` (a
    /// SHA-256 of the name, say): the same name always gives the same UUID.
    public static func derived(from digest: [UInt8]) -> String {
        precondition(digest.count >= 16, "a UUID takes 16 bytes")
        let word = { (start: Int) in digest[start..<start + 8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
        return text(high: word(0), low: word(8), version: 8)
    }

    /// The 8-4-4-4-12 text of the two words, with the version and the RFC 9562 variant set.
    private static func text(high: UInt64, low: UInt64, version: UInt64) -> String {
        let high = (high & ~0xF000) | (version << 12)
        let low = (low & ~(0xC << 60)) | (0x8 << 60)
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for nibble in 0..<32 {
            if nibble == 8 || nibble == 12 || nibble == 16 || nibble == 20 { text.append(UInt8(ascii: "-")) }
            let word = nibble < 16 ? high : low
            text.append(digits[Int((word >> UInt64(60 - 4 * (nibble % 16))) & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
