import Basics
import JSON

/// Stores the text of a text-input action as a reply to the post.
public struct ReplyHandler: ActionHandler {
    public init() {}

    public var name: String { "reply" }
    public var textInput: TextInputUse { .required }

    public func check(_ action: ActionRoute, in category: CategoryRoute) -> [FieldError] {
        requirePostId(in: category)
    }

    public func plan(_ event: ActionEvent) -> EffectPlan {
        // The validator guarantees both for a text-input action of a category that requires postId.
        guard let postId = event.postId, let text = event.userText else {
            preconditionFailure("reply reached its handler without postId or userText")
        }
        return .reply(
            Reply(
                replyId: UUIDText.random(), postId: postId, userId: event.userId, text: text, responseId: event.id,
                createdAt: event.receivedAt))
    }
}
