import ActionHub
import JSON

/// The JSON shapes of the history listings.
enum HistoryJSON {
    static func likes(_ likes: PostLikes, postId: String) -> String {
        var json = JSONWriter(capacity: 128 + 160 * likes.page.items.count)
        json.object { json in
            json.key("postId")
            json.string(postId)
            json.key("likeCount")
            json.integer(likes.likeCount)
            json.key("items")
            json.array { json in
                for like in likes.page.items {
                    json.object { json in
                        json.key("userId")
                        json.string(like.userId)
                        json.key("responseId")
                        json.string(like.responseId)
                        json.key("likedAt")
                        json.string(like.likedAt)
                    }
                }
            }
            json.key("nextCursor")
            json.string(likes.page.next?.token)
        }
        return json.text
    }

    static func replies(_ replies: PostReplies, postId: String) -> String {
        var json = JSONWriter(capacity: 128 + 256 * replies.page.items.count)
        json.object { json in
            json.key("postId")
            json.string(postId)
            json.key("replyCount")
            json.integer(replies.replyCount)
            json.key("items")
            json.array { json in
                for reply in replies.page.items {
                    json.object { json in
                        json.key("replyId")
                        json.string(reply.replyId)
                        json.key("userId")
                        json.string(reply.userId)
                        json.key("text")
                        json.string(reply.text)
                        json.key("responseId")
                        json.string(reply.responseId)
                        json.key("createdAt")
                        json.string(reply.createdAt)
                    }
                }
            }
            json.key("nextCursor")
            json.string(replies.page.next?.token)
        }
        return json.text
    }

    /// The stored answers are JSON already: they are spliced in as they are, not parsed again.
    static func responses(_ page: Page<String>) -> String {
        var json = JSONWriter(capacity: 64 + page.items.reduce(0) { $0 + $1.utf8.count + 1 })
        json.object { json in
            json.key("items")
            json.array { json in
                for item in page.items { json.json(item) }
            }
            json.key("nextCursor")
            json.string(page.next?.token)
        }
        return json.text
    }
}
