/// How a handler stands to the text a user types: the route check holds an action's
/// `textInput` to it.
public enum TextInputUse: Sendable, Equatable {
    /// The action must be a text-input action (a reply).
    case required
    /// The action may be either; its handler works with or without `userText`.
    case allowed
    /// The action must not ask for text: the handler would ignore it.
    case forbidden
}
