import JSON

/// One current value per user per subject in a named choice: `"choice": "rsvp", "value": "yes"`.
/// Answering again moves the user's value; the answer counts every value the category declares.
public struct ChoiceHandler: ActionHandler {
    public init() {}

    public var name: String { "choice" }
    public var settingKeys: Set<String> { ["choice", "value"] }
    public var needsSubject: Bool { true }

    public func check(_ action: ActionRoute, in category: CategoryRoute) -> [FieldError] {
        var errors: [FieldError] = []
        let reader = FieldReader(action.settings)
        guard let choice = reader.name("choice", errors: &errors), let value = reader.name("value", errors: &errors)
        else { return errors }
        let earlier = category.actions.prefix { $0.identifier != action.identifier }
        if let twin = earlier.first(where: {
            $0.handler == name && $0.settings["choice"]?.stringValue == choice
                && $0.settings["value"]?.stringValue == value
        }) {
            errors.append(
                FieldError(
                    field: "value",
                    message: "choice \"\(choice)\" already has value \"\(value)\" (action \"\(twin.identifier)\")"))
        }
        return errors
    }

    public func plan(_ event: ActionEvent) -> EffectPlan {
        let choice = setting("choice", of: event)
        let answer = ChoiceAnswer(
            subject: subject(of: event), choice: choice, userId: event.userId, value: setting("value", of: event),
            responseId: event.id, at: event.receivedAt)
        return .choose(answer, values: event.category.choiceValues(choice))
    }
}

extension CategoryRoute {
    /// The values the category's actions declare for `choice`, in action order.
    public func choiceValues(_ choice: String) -> [String] {
        actions.compactMap { action in
            guard action.handler == "choice", action.settings["choice"]?.stringValue == choice else { return nil }
            return action.settings["value"]?.stringValue
        }
    }
}
