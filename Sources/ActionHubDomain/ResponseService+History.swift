import Basics
import Foundation

extension ResponseService {
    /// The stored answer for a response id, in any letter case; nil when unknown or not a UUID.
    public func response(id: String) throws -> String? {
        guard let canonical = UUIDText.canonical(id) else { return nil }
        return try store.response(id: canonical)
    }

    public func likes(postId: String, page: PageRequest) throws -> PostLikes {
        try store.likes(postId: postId, page: page)
    }

    /// The page into `rows` (see `LikeRows`); returns where the next page starts.
    public func likes<Rows: LikeRows & ~Copyable>(postId: String, page: PageRequest, into rows: inout Rows) throws
        -> PageCursor?
    {
        try store.likes(postId: postId, page: page, into: &rows)
    }

    public func replies(postId: String, page: PageRequest) throws -> PostReplies {
        try store.replies(postId: postId, page: page)
    }

    /// The page into `rows` (see `ReplyRows`); returns where the next page starts.
    public func replies<Rows: ReplyRows & ~Copyable>(postId: String, page: PageRequest, into rows: inout Rows) throws
        -> PageCursor?
    {
        try store.replies(postId: postId, page: page, into: &rows)
    }

    public func responses(userId: String, filter: ResponseFilter, page: PageRequest) throws -> Page<String> {
        try store.responses(userId: userId, filter: filter, page: page)
    }
}
