import Foundation

/// Where the next page of a newest-first listing starts: below `position`, the store's insertion
/// sequence. Clients see it as an opaque token.
public struct PageCursor: Sendable, Equatable {
    public var position: Int64

    public init(position: Int64) {
        self.position = position
    }

    /// base64url of `v1:<position>`, without padding.
    public var token: String {
        Self.base64URL(Array("v1:\(position)".utf8))
    }

    /// base64url without padding (RFC 4648 §5), by hand: Foundation's encoder followed by three
    /// string replacements cost a thirtieth of a history GET, which writes a cursor per page.
    private static func base64URL(_ bytes: [UInt8]) -> String {
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

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// nil for anything `token` did not make.
    public init?(token: String) {
        guard token.utf8.count <= 64,
            token.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else { return nil }
        var base64 = token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8),
            text.hasPrefix("v1:"), let position = Int64(text.dropFirst(3)), position > 0,
            PageCursor(position: position).token == token
        else { return nil }
        self.position = position
    }
}
