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
        Data("v1:\(position)".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

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
