/// The few kinds of state a plan may change, inside the transaction that stores its event. Each
/// store implements them; no handler code runs behind them.
public protocol ActionEffects {
    /// Adds the like unless this user already likes this post.
    func addLike(_ like: Like) throws -> LikeChange
    func addReply(_ reply: Reply) throws
    /// Puts the user in the set, or takes them out with `remove`; a no-op when already so.
    func toggle(_ membership: Membership, remove: Bool) throws -> MembershipChange
    /// Makes `answer.value` the user's current value in the choice.
    func choose(_ answer: ChoiceAnswer) throws -> ChoiceChange
    func append(_ entry: ListEntry) throws
}
