extension JSONValue {
    /// Compact JSON text. With `sortedKeys` object members are written in key order, which makes
    /// the text a canonical form: two equal values write the same bytes.
    public func serialized(sortedKeys: Bool = false) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(to: &output, sortedKeys: sortedKeys)
        return String(decoding: output, as: UTF8.self)
    }

    public func write(to output: inout [UInt8], sortedKeys: Bool = false) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let literal): output.append(contentsOf: literal.utf8)
        case .string(let string): JSONValue.writeString(string, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for index in elements.indices {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                elements[index].write(to: &output, sortedKeys: sortedKeys)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            let members = sortedKeys ? object.members.sorted { $0.key < $1.key } : object.members
            for index in members.indices {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSONValue.writeString(members[index].key, to: &output)
                output.append(UInt8(ascii: ":"))
                members[index].value.write(to: &output, sortedKeys: sortedKeys)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Copies runs of bytes that need no escape in one append each: most strings are one run,
    /// found eight bytes at a time.
    static func writeString(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            var runStart = 0
            var index = 0
            while index < bytes.count {
                if index + 8 <= bytes.count,
                    !anyNeedsEscape(UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
                {
                    index += 8
                    continue
                }
                if needsEscape(bytes[index]) {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                    writeEscape(bytes[index], to: &output)
                    runStart = index + 1
                }
                index += 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Whether any of the eight bytes in `word` needs an escape (`needsEscape`), tested on all
    /// eight at once: a byte below 0x20 makes `word - 0x20…` borrow into its top bit where the byte
    /// had none, and a byte equal to `c` is a zero byte of `word ^ c…`. Exact, not an estimate.
    static func anyNeedsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let tops: UInt64 = 0x8080_8080_8080_8080
        func anyBelow(_ limit: UInt64, _ word: UInt64) -> Bool { (word &- ones &* limit) & ~word & tops != 0 }
        return anyBelow(0x20, word) || anyBelow(1, word ^ (ones &* 0x22)) || anyBelow(1, word ^ (ones &* 0x5C))
            || anyBelow(1, word ^ (ones &* 0x7F))
    }

    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F
    }

    private static func writeEscape(_ byte: UInt8, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
        case 0x0A: output.append(UInt8(ascii: "n"))
        case 0x0D: output.append(UInt8(ascii: "r"))
        case 0x09: output.append(UInt8(ascii: "t"))
        default:
            output.append(contentsOf: "u00".utf8)
            output.append(hexDigits[Int(byte >> 4)])
            output.append(hexDigits[Int(byte & 0x0F)])
        }
    }
}
