import ActionHubDomain
import JSON

/// The JSON shapes of the history listings, as the bytes of the response body.
enum HistoryJSON {
    static func likes(_ likes: PostLikes, postId: String) -> [UInt8] {
        postListing(postId, count: ("likeCount", likes.likeCount), page: likes.page, bytesPerItem: 160) { json, like in
            json.key("userId")
            json.string(like.userId)
            json.key("responseId")
            json.string(like.responseId)
            json.key("likedAt")
            json.string(like.likedAt)
        }
    }

    static func replies(_ replies: PostReplies, postId: String) -> [UInt8] {
        postListing(postId, count: ("replyCount", replies.replyCount), page: replies.page, bytesPerItem: 256) {
            json, reply in
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

    /// `{"postId":…,"<count>":n,"items":[{…},…],"nextCursor":…}`, each item's members by `item`.
    private static func postListing<Item>(
        _ postId: String, count: (key: StaticString, value: Int), page: Page<Item>, bytesPerItem: Int,
        item: (inout JSONWriter, Item) -> Void
    ) -> [UInt8] {
        var json = JSONWriter(capacity: 128 + bytesPerItem * page.items.count)
        json.object { json in
            json.key("postId")
            json.string(postId)
            json.key(count.key)
            json.integer(count.value)
            json.key("items")
            json.array { json in
                for element in page.items {
                    json.object { json in item(&json, element) }
                }
            }
            json.key("nextCursor")
            json.string(page.next?.token)
        }
        return json.bytes
    }

    /// The stored answers are JSON already: they are spliced in as they are, not parsed again.
    static func responses(_ page: Page<String>) -> [UInt8] {
        var json = JSONWriter(capacity: 64 + page.items.reduce(0) { $0 + $1.utf8.count + 1 })
        json.object { json in
            json.key("items")
            json.array { json in
                for item in page.items { json.json(item) }
            }
            json.key("nextCursor")
            json.string(page.next?.token)
        }
        return json.bytes
    }
}
