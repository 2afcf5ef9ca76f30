/// A post's likes (each user once) and replies within one category.
public struct PostTally: Sendable, Equatable {
    public var postId: String
    public var likes: Int
    public var replies: Int

    public init(postId: String, likes: Int, replies: Int) {
        self.postId = postId
        self.likes = likes
        self.replies = replies
    }
}
