extension JSONValue {
    /// Compact JSON text. With `sortedKeys` object members are written in key order, which makes
    /// the text a canonical form: two equal values write the same bytes.
    public func serialized(sortedKeys: Bool = false) -> String {
        var output = JSONBuffer(capacity: 256)
        write(to: &output, sortedKeys: sortedKeys)
        return output.text
    }

    func write(to output: inout JSONBuffer, sortedKeys: Bool = false) {
        switch self {
        case .null: output.append("null")
        case .bool(let value): output.append(value ? "true" : "false")
        case .number(let literal): output.append(literal)
        case .string(let string): output.appendQuoted(string)
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
                output.appendQuoted(members[index].key)
                output.append(UInt8(ascii: ":"))
                members[index].value.write(to: &output, sortedKeys: sortedKeys)
            }
            output.append(UInt8(ascii: "}"))
        }
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
}
