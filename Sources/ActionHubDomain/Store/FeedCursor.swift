import Basics

/// Where a consumer of the event feed is: after the event at (`sequence`, `position`). Events are
/// read in that order. On SQLite `sequence` is 0 and positions are given in commit order by the
/// one writer; on PostgreSQL it is the id of the transaction that stored the event, because a
/// position is allocated before COMMIT and an event can become visible after others with higher
/// positions: ordering by (transaction, position) and reading only transactions that can no longer
/// be running means a consumer following the tail never skips one.
public struct FeedCursor: Sendable, Equatable, Comparable {
    public var sequence: UInt64
    public var position: Int64

    public static let start = FeedCursor(sequence: 0, position: 0)

    public init(sequence: UInt64, position: Int64) {
        self.sequence = sequence
        self.position = position
    }

    public static func < (lhs: FeedCursor, rhs: FeedCursor) -> Bool {
        (lhs.sequence, lhs.position) < (rhs.sequence, rhs.position)
    }

    /// base64url of `f1:<sequence>:<position>`, without padding.
    public var token: String {
        Base64URL.encode(Array("f1:\(sequence):\(position)".utf8))
    }

    /// nil for anything `token` did not make.
    public init?(token: String) {
        guard token.utf8.count <= 96, let bytes = Base64URL.decode(token),
            let text = String(validating: bytes, as: UTF8.self), text.hasPrefix("f1:")
        else { return nil }
        let parts = text.dropFirst(3).split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let sequence = UInt64(parts[0]), let position = Int64(parts[1]), position >= 0,
            FeedCursor(sequence: sequence, position: position).token == token
        else { return nil }
        self.init(sequence: sequence, position: position)
    }
}
