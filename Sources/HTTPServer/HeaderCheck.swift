import HTTP

/// Checks libmicrohttpd does not make (0.9.75 lets all of these through): one unambiguous body
/// length, and header names and values without bytes that another parser could read otherwise.
///
/// A NUL inside a value is invisible through libmicrohttpd's API (it reports the value cut at the
/// NUL); `HTTPServer` detects it from the bytes after the reported value and appends a NUL, which
/// this check then refuses.
enum HeaderCheck {
    /// nil when the headers are acceptable; otherwise why not.
    static func problem(in headers: [(name: [UInt8], value: [UInt8])]) -> String? {
        var contentLengths = 0
        var transferEncoding: [UInt8]?
        for header in headers {
            guard !header.name.isEmpty, header.name.allSatisfy(isTokenByte) else {
                return "header name is not a token"
            }
            // Field values: visible ASCII, space, tab and obs-text; never NUL, CR, LF or other controls.
            guard header.value.allSatisfy({ $0 == 0x09 || $0 >= 0x20 && $0 != 0x7F }) else {
                return "header value holds a control character"
            }
            if matches(header.name, "content-length") {
                contentLengths += 1
                guard !header.value.isEmpty, header.value.allSatisfy({ (0x30...0x39).contains($0) }) else {
                    return "Content-Length is not a number"
                }
            } else if matches(header.name, "transfer-encoding") {
                guard transferEncoding == nil else { return "Transfer-Encoding appears twice" }
                transferEncoding = header.value
            }
        }
        if contentLengths > 1 { return "Content-Length appears more than once" }
        if let transferEncoding {
            if contentLengths > 0 { return "Content-Length and Transfer-Encoding together" }
            guard matches(transferEncoding, "chunked") else { return "Transfer-Encoding other than chunked" }
        }
        return nil
    }

    /// Whether `bytes` spell `name` in any case.
    static func matches(_ bytes: [UInt8], _ name: StaticString) -> Bool {
        bytes.withUnsafeBufferPointer { bytes in name.withUTF8Buffer { ASCIICase.equal(bytes, $0) } }
    }

    /// RFC 9110 §5.6.2 tchar.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"),
            UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"),
            UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
