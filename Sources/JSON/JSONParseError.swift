/// Why a document is not JSON, and where: `offset` counts bytes from the start.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        case empty
        case byteOrderMark
        case unexpectedByte(UInt8)
        case unexpectedEnd
        case invalidUTF8
        case invalidEscape
        case loneSurrogate
        case controlCharacterInString
        case invalidNumber
        case duplicateKey(String)
        case tooDeep(limit: Int)
        case trailingContent
    }

    public var reason: Reason
    public var offset: Int

    public init(_ reason: Reason, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    public var description: String {
        let what: String
        switch reason {
        case .empty: what = "the document is empty"
        case .byteOrderMark: what = "a byte-order mark is not allowed"
        case .unexpectedByte(let byte): what = "unexpected byte 0x\(String(byte, radix: 16, uppercase: true))"
        case .unexpectedEnd: what = "the document ends too early"
        case .invalidUTF8: what = "invalid UTF-8"
        case .invalidEscape: what = "invalid escape sequence"
        case .loneSurrogate: what = "lone UTF-16 surrogate in a \\u escape"
        case .controlCharacterInString: what = "unescaped control character in a string"
        case .invalidNumber: what = "invalid number"
        case .duplicateKey(let key): what = "duplicate key \"\(key)\""
        case .tooDeep(let limit): what = "nesting deeper than \(limit) levels"
        case .trailingContent: what = "content after the JSON value"
        }
        return "\(what) at byte \(offset)"
    }
}
