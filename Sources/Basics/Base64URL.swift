import Foundation

/// base64url without padding (RFC 4648 §5), as JWTs, keys and page cursors use it.
public enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// By hand: Foundation's encoder followed by three string replacements cost a thirtieth of a
    /// history GET, which writes a cursor per page.
    public static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count * 4 + 2) / 3)
        for start in stride(from: 0, to: bytes.count, by: 3) {
            let group = bytes[start..<min(start + 3, bytes.count)]
            var bits = 0
            for (offset, byte) in group.enumerated() { bits |= Int(byte) << (16 - 8 * offset) }
            // 1, 2 or 3 bytes make 2, 3 or 4 characters.
            for sextet in 0...group.count { output.append(alphabet[(bits >> (18 - 6 * sextet)) & 63]) }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// nil for a character outside the alphabet, padding included, or a length no encoding has.
    public static func decode(_ text: some StringProtocol) -> [UInt8]? {
        guard text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            return nil
        }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64).map(Array.init)
    }
}
