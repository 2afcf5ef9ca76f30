import Basics
import JSON

/// Appends the text of a text-input action to a named list of the subject: `"list": "feedback"`.
public struct TextHandler: ActionHandler {
    public init() {}

    public var name: String { "text" }
    public var settingKeys: Set<String> { ["list"] }
    public var textInput: TextInputUse { .required }
    public var needsSubject: Bool { true }

    public func check(_ action: ActionRoute, in category: CategoryRoute) -> [FieldError] {
        var errors: [FieldError] = []
        _ = FieldReader(action.settings).name("list", errors: &errors)
        return errors
    }

    public func plan(_ event: ActionEvent) -> EffectPlan {
        guard let text = event.userText else {
            preconditionFailure("text reached its handler without userText")
        }
        return .append(
            ListEntry(
                entryId: UUIDText.random(), subject: subject(of: event), list: setting("list", of: event),
                userId: event.userId, text: text, responseId: event.id, at: event.receivedAt))
    }
}
