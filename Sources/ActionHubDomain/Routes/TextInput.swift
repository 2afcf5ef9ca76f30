/// The text field of a `UNTextInputNotificationAction`, and the longest reply the backend takes.
public struct TextInput: Sendable, Equatable {
    public var buttonTitle: String
    public var placeholder: String
    /// Counted in characters (grapheme clusters), as a person counts them: "👍🏽" is one.
    public var maxLength: Int

    public init(buttonTitle: String, placeholder: String, maxLength: Int) {
        self.buttonTitle = buttonTitle
        self.placeholder = placeholder
        self.maxLength = maxLength
    }
}
