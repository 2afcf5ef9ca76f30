/// What handlers may store, inside the transaction that stores their event.
public protocol ActionEffects {
    /// Adds the like unless this user already likes this post.
    func addLike(_ like: Like) throws -> LikeChange
    func addReply(_ reply: Reply) throws
}
