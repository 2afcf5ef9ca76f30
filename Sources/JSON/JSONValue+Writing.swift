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
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                element.write(to: &output, sortedKeys: sortedKeys)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            let members = sortedKeys ? object.members.sorted { $0.key < $1.key } : object.members
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSONValue.writeString(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                member.value.write(to: &output, sortedKeys: sortedKeys)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    static func writeString(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x00..<0x20, 0x7F:
                output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
