/// The bytes of JSON text being written, in one allocation that doubles when full. A write is a
/// capacity check and a store or a copy: `[UInt8].append(contentsOf:)` also checks uniqueness and
/// takes the generic sequence path, ~90 instructions an append, which was most of the cost of
/// writing a page of history (`bench/instructions`). Noncopyable, so its one owner frees it.
struct JSONBuffer: ~Copyable {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 32)
        start = .allocate(capacity: self.capacity)
    }

    deinit { start.deallocate() }

    var bytes: [UInt8] { [UInt8](UnsafeBufferPointer(start: start, count: count)) }

    var text: String { String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self) }

    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: 1) }
        start[count] = byte
        count += 1
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        if capacity - count < bytes.count { grow(toHold: bytes.count) }
        (start + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    mutating func appendQuoted(_ string: String) {
        var string = string
        string.withUTF8 { appendQuoted($0) }
    }

    /// A JSON string of UTF-8 `bytes`: runs that need no escape are copied in one append each
    /// (most strings are one run), found eight bytes at a time.
    mutating func appendQuoted(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(UInt8(ascii: "\""))
        var runStart = 0
        var index = 0
        while index < bytes.count {
            if index + 8 <= bytes.count,
                !JSONValue.anyNeedsEscape(UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
            {
                index += 8
                continue
            }
            if JSONValue.needsEscape(bytes[index]) {
                append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                appendEscape(bytes[index])
                runStart = index + 1
            }
            index += 1
        }
        append(UnsafeBufferPointer(rebasing: bytes[runStart...]))
        append(UInt8(ascii: "\""))
    }

    private mutating func appendEscape(_ byte: UInt8) {
        append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): append(byte)
        case 0x0A: append(UInt8(ascii: "n"))
        case 0x0D: append(UInt8(ascii: "r"))
        case 0x09: append(UInt8(ascii: "t"))
        default:
            append("u00")
            append(Self.hexDigit(byte >> 4))
            append(Self.hexDigit(byte & 0x0F))
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    @inline(never)
    private mutating func grow(toHold extra: Int) {
        let larger = max(capacity * 2, count + extra)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.moveInitialize(from: start, count: count)
        start.deallocate()
        start = moved
        capacity = larger
    }
}
