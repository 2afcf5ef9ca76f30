import ActionHub
import JSON

/// The JSON shapes of the history listings.
enum HistoryJSON {
    static func likes(_ likes: PostLikes, postId: String) -> String {
        let items = likes.page.items.map { like -> JSONValue in
            .object([
                "userId": .string(like.userId), "responseId": .string(like.responseId),
                "likedAt": .string(like.likedAt),
            ])
        }
        var object: JSONObject = ["postId": .string(postId), "likeCount": JSONValue(likes.likeCount)]
        object["items"] = .array(items)
        object["nextCursor"] = JSONValue(likes.page.next?.token)
        return JSONValue.object(object).serialized()
    }

    static func replies(_ replies: PostReplies, postId: String) -> String {
        let items = replies.page.items.map { reply -> JSONValue in
            .object([
                "replyId": .string(reply.replyId), "userId": .string(reply.userId), "text": .string(reply.text),
                "responseId": .string(reply.responseId), "createdAt": .string(reply.createdAt),
            ])
        }
        var object: JSONObject = ["postId": .string(postId), "replyCount": JSONValue(replies.replyCount)]
        object["items"] = .array(items)
        object["nextCursor"] = JSONValue(replies.page.next?.token)
        return JSONValue.object(object).serialized()
    }

    /// The stored answers are JSON already: they are spliced in as they are, not parsed again.
    static func responses(_ page: Page<String>) -> String {
        let next = JSONValue(page.next?.token).serialized()
        return #"{"items":["# + page.items.joined(separator: ",") + #"],"nextCursor":"# + next + "}"
    }
}
