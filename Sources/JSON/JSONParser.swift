/// A strict RFC 8259 parser. Unlike Foundation's JSONDecoder it rejects what a lenient parser
/// would let through to storage: duplicate keys, a byte-order mark, invalid UTF-8, lone surrogates,
/// and nesting past `maximumDepth`.
public struct JSONParser: Sendable {
    public var maximumDepth: Int

    public init(maximumDepth: Int = 64) {
        self.maximumDepth = maximumDepth
    }

    public func parse(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> JSONValue {
        let array = Array(bytes)
        guard !array.isEmpty else { throw JSONParseError(.empty, at: 0) }
        if array.starts(with: [0xEF, 0xBB, 0xBF]) { throw JSONParseError(.byteOrderMark, at: 0) }
        var cursor = Cursor(bytes: array, maximumDepth: maximumDepth)
        cursor.skipWhitespace()
        let value = try cursor.parseValue(depth: 1)
        cursor.skipWhitespace()
        guard cursor.isAtEnd else { throw JSONParseError(.trailingContent, at: cursor.offset) }
        return value
    }

    public func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }
}

private struct Cursor {
    let bytes: [UInt8]
    let maximumDepth: Int
    var offset = 0

    init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    var isAtEnd: Bool { offset >= bytes.count }

    func peek() throws(JSONParseError) -> UInt8 {
        guard offset < bytes.count else { throw JSONParseError(.unexpectedEnd, at: offset) }
        return bytes[offset]
    }

    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    mutating func expect(_ byte: UInt8) throws(JSONParseError) {
        let found = try peek()
        guard found == byte else { throw JSONParseError(.unexpectedByte(found), at: offset) }
        offset += 1
    }

    mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        switch try peek() {
        case UInt8(ascii: "{"): return .object(try parseObject(depth: depth))
        case UInt8(ascii: "["): return .array(try parseArray(depth: depth))
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try parseLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try parseLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try parseLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        case let other: throw JSONParseError(.unexpectedByte(other), at: offset)
        }
    }

    mutating func parseLiteral(_ literal: String) throws(JSONParseError) {
        for byte in literal.utf8 {
            let found = try peek()
            guard found == byte else { throw JSONParseError(.unexpectedByte(found), at: offset) }
            offset += 1
        }
    }

    mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONObject {
        guard depth <= maximumDepth else { throw JSONParseError(.tooDeep(limit: maximumDepth), at: offset) }
        offset += 1
        var members: [JSONObject.Member] = []
        // Duplicates are looked for by scanning the few members of a usual object; past
        // `Self.scannedKeys` members a set takes over, so a body of thousands of keys costs
        // linear time, not quadratic.
        var seen: Set<String>?
        skipWhitespace()
        if try peek() == UInt8(ascii: "}") {
            offset += 1
            return JSONObject(uniqueMembers: members)
        }
        while true {
            skipWhitespace()
            let keyOffset = offset
            guard try peek() == UInt8(ascii: "\"") else {
                throw JSONParseError(.unexpectedByte(bytes[offset]), at: offset)
            }
            let key = try parseString()
            if seen == nil, members.count >= Self.scannedKeys {
                seen = Set(members.map(\.key))
            }
            let isNew = seen?.insert(key).inserted ?? !members.contains { $0.key == key }
            guard isNew else { throw JSONParseError(.duplicateKey(key), at: keyOffset) }
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            members.append(JSONObject.Member(key: key, value: try parseValue(depth: depth + 1)))
            skipWhitespace()
            let separator = try peek()
            offset += 1
            if separator == UInt8(ascii: "}") { return JSONObject(uniqueMembers: members) }
            guard separator == UInt8(ascii: ",") else {
                throw JSONParseError(.unexpectedByte(separator), at: offset - 1)
            }
        }
    }

    static let scannedKeys = 16

    mutating func parseArray(depth: Int) throws(JSONParseError) -> [JSONValue] {
        guard depth <= maximumDepth else { throw JSONParseError(.tooDeep(limit: maximumDepth), at: offset) }
        offset += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if try peek() == UInt8(ascii: "]") {
            offset += 1
            return elements
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            let separator = try peek()
            offset += 1
            if separator == UInt8(ascii: "]") { return elements }
            guard separator == UInt8(ascii: ",") else {
                throw JSONParseError(.unexpectedByte(separator), at: offset - 1)
            }
        }
    }

    mutating func parseNumber() throws(JSONParseError) -> String {
        let start = offset
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        guard offset < bytes.count else { throw JSONParseError(.invalidNumber, at: start) }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
        } else {
            guard consumeDigits() > 0 else { throw JSONParseError(.invalidNumber, at: start) }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard consumeDigits() > 0 else { throw JSONParseError(.invalidNumber, at: start) }
        }
        if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                offset += 1
            }
            guard consumeDigits() > 0 else { throw JSONParseError(.invalidNumber, at: start) }
        }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    mutating func consumeDigits() -> Int {
        let start = offset
        while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) {
            offset += 1
        }
        return offset - start
    }

    mutating func parseString() throws(JSONParseError) -> String {
        let start = offset
        offset += 1
        // Most strings hold no escape: made straight from the input, without collecting bytes.
        let run = offset
        var highBits: UInt8 = 0
        while offset < bytes.count, bytes[offset] != UInt8(ascii: "\""), bytes[offset] != UInt8(ascii: "\\"),
            bytes[offset] >= 0x20
        {
            highBits |= bytes[offset]
            offset += 1
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") {
            offset += 1
            // ASCII needs no validation: `String(validating:)` looks up generic metadata on every
            // call (~330 instructions, some twenty strings a request).
            if highBits < 0x80 { return String(decoding: bytes[run..<offset - 1], as: UTF8.self) }
            guard let string = String(validating: bytes[run..<offset - 1], as: UTF8.self) else {
                throw JSONParseError(.invalidUTF8, at: start)
            }
            return string
        }
        var utf8 = Array(bytes[run..<offset])
        while true {
            let byte = try peek()
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                // Validating the collected bytes catches overlong forms, surrogates encoded in
                // UTF-8 and truncated sequences in one place.
                guard let string = String(validating: utf8, as: UTF8.self) else {
                    throw JSONParseError(.invalidUTF8, at: start)
                }
                return string
            case UInt8(ascii: "\\"):
                offset += 1
                try parseEscape(into: &utf8)
            case 0x00..<0x20:
                throw JSONParseError(.controlCharacterInString, at: offset)
            default:
                utf8.append(byte)
                offset += 1
            }
        }
    }

    mutating func parseEscape(into utf8: inout [UInt8]) throws(JSONParseError) {
        let escapeOffset = offset - 1
        let byte = try peek()
        offset += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try parseHexQuad()
            let scalarValue: UInt32
            switch unit {
            case 0xD800..<0xDC00:
                guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
                    bytes[offset + 1] == UInt8(ascii: "u")
                else { throw JSONParseError(.loneSurrogate, at: escapeOffset) }
                offset += 2
                let low = try parseHexQuad()
                guard (0xDC00..<0xE000).contains(low) else { throw JSONParseError(.loneSurrogate, at: escapeOffset) }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            case 0xDC00..<0xE000:
                throw JSONParseError(.loneSurrogate, at: escapeOffset)
            default:
                scalarValue = UInt32(unit)
            }
            guard let scalar = Unicode.Scalar(scalarValue) else {
                throw JSONParseError(.invalidEscape, at: escapeOffset)
            }
            utf8.append(contentsOf: UTF8.encode(scalar)!)
        default:
            throw JSONParseError(.invalidEscape, at: escapeOffset)
        }
    }

    mutating func parseHexQuad() throws(JSONParseError) -> UInt16 {
        guard offset + 4 <= bytes.count else { throw JSONParseError(.unexpectedEnd, at: offset) }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONParseError(.invalidEscape, at: offset)
            }
            value = value << 4 | UInt16(digit)
            offset += 1
        }
        return value
    }
}
