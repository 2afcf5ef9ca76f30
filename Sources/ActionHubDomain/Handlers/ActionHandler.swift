import JSON

/// The business logic one kind of action runs. A handler is named by routes (`"handler": "like"`),
/// checks the route entries that name it at load time, and turns a validated event into the
/// `result` object of the answer, using `effects` for anything it stores.
public protocol ActionHandler: Sendable {
    /// The name routes use for it.
    var name: String { get }
    /// Route entry keys that configure this handler (e.g. `screen`); any other extra key is an error.
    var settingKeys: Set<String> { get }
    /// True when the action must be a text-input action; false when it must not be one.
    var takesTextInput: Bool { get }
    /// Problems with a route entry naming this handler; fields are relative to the action entry.
    func check(_ action: ActionRoute, in category: CategoryRoute) -> [FieldError]
    /// Runs inside the transaction that stores the event: whatever it stores through `effects`
    /// commits or rolls back with the event.
    func handle(_ event: ActionEvent, effects: any ActionEffects) throws -> JSONObject
}

extension ActionHandler {
    public var settingKeys: Set<String> { [] }
    public var takesTextInput: Bool { false }

    public func check(_ action: ActionRoute, in category: CategoryRoute) -> [FieldError] { [] }

    /// For handlers that act on a post: the category's pushes must carry `postId`.
    func requirePostId(in category: CategoryRoute) -> [FieldError] {
        guard !category.requiredUserInfo.contains(ActionEvent.postIdKey) else { return [] }
        return [
            FieldError(
                field: "handler",
                message: "handler \"\(name)\" needs \"\(ActionEvent.postIdKey)\" in the category's requiredUserInfo")
        ]
    }
}
