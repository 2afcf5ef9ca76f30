/// One user's like of one post, made by the response `responseId`.
public struct Like: Sendable, Equatable {
    public var postId: String
    public var userId: String
    public var responseId: String
    public var likedAt: String

    public init(postId: String, userId: String, responseId: String, likedAt: String) {
        self.postId = postId
        self.userId = userId
        self.responseId = responseId
        self.likedAt = likedAt
    }
}

/// What `addLike` did: whether the like is new, and the post's likes after it.
public struct LikeChange: Sendable, Equatable {
    public var added: Bool
    public var likeCount: Int

    public init(added: Bool, likeCount: Int) {
        self.added = added
        self.likeCount = likeCount
    }
}
