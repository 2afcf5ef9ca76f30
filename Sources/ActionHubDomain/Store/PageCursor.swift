import Basics

/// Where the next page of a newest-first listing starts: below `position`, the store's insertion
/// sequence. Clients see it as an opaque token.
public struct PageCursor: Sendable, Equatable {
    public var position: Int64

    public init(position: Int64) {
        self.position = position
    }

    /// base64url of `v1:<position>`, without padding.
    public var token: String {
        Base64URL.encode(Array("v1:\(position)".utf8))
    }

    /// nil for anything `token` did not make.
    public init?(token: String) {
        guard token.utf8.count <= 64 else { return nil }
        guard let bytes = Base64URL.decode(token), let text = String(validating: bytes, as: UTF8.self),
            text.hasPrefix("v1:"), let position = Int64(text.dropFirst(3)), position > 0,
            PageCursor(position: position).token == token
        else { return nil }
        self.position = position
    }
}
