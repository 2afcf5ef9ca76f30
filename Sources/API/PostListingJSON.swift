import ActionHubDomain
import JSON

/// A page of a post's likes or replies as the answer's bytes, written as the store reads the rows
/// (no `Like` or `Reply` values in between):
/// `{"postId":…,"<likeCount|replyCount>":n,"items":[{…},…],"nextCursor":…}`.
struct PostListingJSON: LikeRows, ReplyRows, ~Copyable {
    private var json: JSONWriter
    private let countKey: StaticString

    private init(postId: String, countKey: StaticString, capacity: Int) {
        self.countKey = countKey
        json = JSONWriter(capacity: capacity)
        json.openObject()
        json.key("postId")
        json.string(postId)
    }

    static func likes(postId: String, page: PageRequest) -> PostListingJSON {
        PostListingJSON(postId: postId, countKey: "likeCount", capacity: 128 + 160 * page.limit)
    }

    static func replies(postId: String, page: PageRequest) -> PostListingJSON {
        PostListingJSON(postId: postId, countKey: "replyCount", capacity: 128 + 256 * page.limit)
    }

    /// Stores give the count before the rows.
    mutating func total(_ count: Int) {
        json.key(countKey)
        json.integer(count)
        json.key("items")
        json.openArray()
    }

    mutating func like(userId: BorrowedText, responseId: BorrowedText, likedAt: BorrowedText) {
        json.openObject()
        json.key("userId")
        json.string(utf8: userId)
        json.key("responseId")
        json.string(utf8: responseId)
        json.key("likedAt")
        json.string(utf8: likedAt)
        json.closeObject()
    }

    mutating func reply(
        replyId: BorrowedText, userId: BorrowedText, text: BorrowedText, responseId: BorrowedText,
        createdAt: BorrowedText
    ) {
        json.openObject()
        json.key("replyId")
        json.string(utf8: replyId)
        json.key("userId")
        json.string(utf8: userId)
        json.key("text")
        json.string(utf8: text)
        json.key("responseId")
        json.string(utf8: responseId)
        json.key("createdAt")
        json.string(utf8: createdAt)
        json.closeObject()
    }

    consuming func finish(next: PageCursor?) -> [UInt8] {
        json.closeArray()
        json.key("nextCursor")
        json.string(next?.token)
        json.closeObject()
        return json.bytes
    }
}
