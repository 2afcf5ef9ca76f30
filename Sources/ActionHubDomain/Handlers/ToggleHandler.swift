import JSON

/// Set membership, one per user per subject: `"set": "bookmarks"` puts the user in, and
/// `"remove": true` on another action takes them out again.
public struct ToggleHandler: ActionHandler {
    public init() {}

    public var name: String { "toggle" }
    public var settingKeys: Set<String> { ["set", "remove"] }
    public var needsSubject: Bool { true }

    public func check(_ action: ActionRoute, in category: CategoryRoute) -> [FieldError] {
        var errors: [FieldError] = []
        let reader = FieldReader(action.settings)
        _ = reader.name("set", errors: &errors)
        _ = reader.flag("remove", errors: &errors)
        return errors
    }

    public func plan(_ event: ActionEvent) -> EffectPlan {
        let membership = Membership(
            subject: subject(of: event), set: setting("set", of: event), userId: event.userId, responseId: event.id,
            at: event.receivedAt)
        return .toggle(membership, remove: event.action.settings["remove"]?.boolValue ?? false)
    }
}
