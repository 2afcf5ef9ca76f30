/// The listings as values, for callers that keep them (tests, tools); an answer is written from
/// the rows instead (`LikeRows`, `ReplyRows`).
extension ResponseStore {
    public func likes(postId: String, page: PageRequest) throws -> PostLikes {
        var collected = CollectedLikes(postId: postId)
        let next = try likes(postId: postId, page: page, into: &collected)
        return PostLikes(likeCount: collected.total, page: Page(items: collected.items, next: next))
    }

    public func replies(postId: String, page: PageRequest) throws -> PostReplies {
        var collected = CollectedReplies(postId: postId)
        let next = try replies(postId: postId, page: page, into: &collected)
        return PostReplies(replyCount: collected.total, page: Page(items: collected.items, next: next))
    }
}

private struct CollectedLikes: LikeRows {
    let postId: String
    var total = 0
    var items: [Like] = []

    mutating func total(_ likeCount: Int) {
        total = likeCount
    }

    mutating func like(userId: BorrowedText, responseId: BorrowedText, likedAt: BorrowedText) {
        items.append(
            Like(
                postId: postId, userId: String(decoding: userId, as: UTF8.self),
                responseId: String(decoding: responseId, as: UTF8.self),
                likedAt: String(decoding: likedAt, as: UTF8.self)))
    }
}

private struct CollectedReplies: ReplyRows {
    let postId: String
    var total = 0
    var items: [Reply] = []

    mutating func total(_ replyCount: Int) {
        total = replyCount
    }

    mutating func reply(
        replyId: BorrowedText, userId: BorrowedText, text: BorrowedText, responseId: BorrowedText,
        createdAt: BorrowedText
    ) {
        items.append(
            Reply(
                replyId: String(decoding: replyId, as: UTF8.self), postId: postId,
                userId: String(decoding: userId, as: UTF8.self), text: String(decoding: text, as: UTF8.self),
                responseId: String(decoding: responseId, as: UTF8.self),
                createdAt: String(decoding: createdAt, as: UTF8.self)))
    }
}
