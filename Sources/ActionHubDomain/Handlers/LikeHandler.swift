import JSON

/// Records that the user likes the post; a second like by the same user changes nothing.
public struct LikeHandler: ActionHandler {
    public init() {}

    public var name: String { "like" }

    public func check(_ action: ActionRoute, in category: CategoryRoute) -> [FieldError] {
        requirePostId(in: category)
    }

    public func plan(_ event: ActionEvent) -> EffectPlan {
        guard let postId = event.postId else {
            preconditionFailure("like reached its handler without postId")
        }
        return .like(Like(postId: postId, userId: event.userId, responseId: event.id, likedAt: event.receivedAt))
    }
}
