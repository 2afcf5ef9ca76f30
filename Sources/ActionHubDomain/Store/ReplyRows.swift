/// Takes one page of a post's replies as the store reads it: `total` first, then each reply,
/// newest first, its text borrowed from the database's row for the length of the call (see
/// `LikeRows`).
public protocol ReplyRows: ~Copyable {
    mutating func total(_ replyCount: Int)
    mutating func reply(
        replyId: BorrowedText, userId: BorrowedText, text: BorrowedText, responseId: BorrowedText,
        createdAt: BorrowedText)
}

extension ReplyRows where Self: ~Copyable {
    /// A reply a store holds as a value.
    public mutating func reply(_ reply: Reply) {
        var (replyId, userId, text) = (reply.replyId, reply.userId, reply.text)
        var (responseId, createdAt) = (reply.responseId, reply.createdAt)
        replyId.withUTF8 { replyId in
            userId.withUTF8 { userId in
                text.withUTF8 { text in
                    responseId.withUTF8 { responseId in
                        createdAt.withUTF8 { createdAt in
                            self.reply(
                                replyId: replyId, userId: userId, text: text, responseId: responseId,
                                createdAt: createdAt)
                        }
                    }
                }
            }
        }
    }
}
