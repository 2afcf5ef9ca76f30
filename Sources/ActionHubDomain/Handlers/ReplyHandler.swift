import Basics
import Foundation
import JSON

/// Stores the text of a text-input action as a reply to the post.
public struct ReplyHandler: ActionHandler {
    public init() {}

    public var name: String { "reply" }
    public var takesTextInput: Bool { true }

    public func check(_ action: ActionRoute, in category: CategoryRoute) -> [FieldError] {
        requirePostId(in: category)
    }

    public func handle(_ event: ActionEvent, effects: any ActionEffects) throws -> JSONObject {
        // The validator guarantees both for a text-input action of a category that requires postId.
        guard let postId = event.postId, let text = event.userText else {
            preconditionFailure("reply reached its handler without postId or userText")
        }
        let reply = Reply(
            replyId: UUIDText.random(), postId: postId, userId: event.userId, text: text,
            responseId: event.id, createdAt: event.receivedAt)
        try effects.addReply(reply)
        return ["replyId": .string(reply.replyId), "text": .string(text)]
    }
}
