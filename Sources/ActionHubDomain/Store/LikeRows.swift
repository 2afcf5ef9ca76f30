/// UTF-8 text of one field, borrowed from the store's row for the length of one call.
public typealias BorrowedText = UnsafeBufferPointer<UInt8>

/// Takes one page of a post's likes as the store reads it: `total` first, then each like, newest
/// first, its text borrowed from the database's row for the length of the call. An answer is
/// written from those bytes, where a `PostLikes` takes two heap strings a like to build and free
/// again (with replies, ~15% of a history GET's instructions in `bench/instructions`).
public protocol LikeRows: ~Copyable {
    mutating func total(_ likeCount: Int)
    mutating func like(userId: BorrowedText, responseId: BorrowedText, likedAt: BorrowedText)
}

extension LikeRows where Self: ~Copyable {
    /// A like a store holds as a value.
    public mutating func like(_ like: Like) {
        var (userId, responseId, likedAt) = (like.userId, like.responseId, like.likedAt)
        userId.withUTF8 { userId in
            responseId.withUTF8 { responseId in
                likedAt.withUTF8 { likedAt in self.like(userId: userId, responseId: responseId, likedAt: likedAt) }
            }
        }
    }
}
