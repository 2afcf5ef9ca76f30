/// UUIDs as text, without Foundation's `UUID`: on Linux its initializer opens `/dev/urandom` for
/// every new UUID and its parser goes through `sscanf`, which showed up in the profile of the
/// POST path.
public enum UUIDText {
    /// The upper-case form of an 8-4-4-4-12 hexadecimal UUID in either case; nil for anything else.
    public static func canonical(_ text: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(36)
        for (index, byte) in text.utf8.enumerated() {
            guard index < 36 else { return nil }
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                bytes.append(byte)
            } else {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "F"): bytes.append(byte)
                case UInt8(ascii: "a")...UInt8(ascii: "f"): bytes.append(byte - 0x20)
                default: return nil
                }
            }
        }
        guard bytes.count == 36 else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A new random (version 4) UUID in lower case, from the system's generator (getrandom).
    public static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        let high: UInt64 = (generator.next() & ~0xF000) | 0x4000
        let low: UInt64 = (generator.next() & ~(0xC << 60)) | (0x8 << 60)
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
