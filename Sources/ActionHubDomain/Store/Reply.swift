/// A text reply to a post, made by the response `responseId`.
public struct Reply: Sendable, Equatable {
    public var replyId: String
    public var postId: String
    public var userId: String
    public var text: String
    public var responseId: String
    public var createdAt: String

    public init(replyId: String, postId: String, userId: String, text: String, responseId: String, createdAt: String) {
        self.replyId = replyId
        self.postId = postId
        self.userId = userId
        self.text = text
        self.responseId = responseId
        self.createdAt = createdAt
    }
}
