import JSON

/// The business logic one kind of action runs. A handler is named by routes (`"handler": "like"`),
/// checks the route entries that name it at load time, and turns a validated event into a plan of
/// effects on the request's thread, before the event is queued for its commit: the store applies
/// the plan, so no handler runs on a writer thread or inside a transaction.
public protocol ActionHandler: Sendable {
    /// The name routes use for it.
    var name: String { get }
    /// Route entry keys that configure this handler (e.g. `screen`); any other extra key is an error.
    var settingKeys: Set<String> { get }
    /// Whether the action must, may or must not be a text-input action.
    var textInput: TextInputUse { get }
    /// True when the category must name its subject (`"subject": "meetingId"`).
    var needsSubject: Bool { get }
    /// Problems with a route entry naming this handler; fields are relative to the action entry.
    func check(_ action: ActionRoute, in category: CategoryRoute) -> [FieldError]
    /// What to store and answer for the event. Throws a refusal for a business "no".
    func plan(_ event: ActionEvent) throws(HandlerRefusal) -> EffectPlan
}

extension ActionHandler {
    public var settingKeys: Set<String> { [] }
    public var textInput: TextInputUse { .forbidden }
    public var needsSubject: Bool { false }

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

    /// A setting the route check guaranteed to be a non-empty string.
    func setting(_ key: String, of event: ActionEvent) -> String {
        guard let value = event.action.settings[key]?.stringValue else {
            preconditionFailure("route check let \(name) through without \(key)")
        }
        return value
    }

    /// The event's subject, which the route check guaranteed for handlers that need one.
    func subject(of event: ActionEvent) -> SubjectRef {
        guard let subject = event.subject else {
            preconditionFailure("\(name) reached its handler without a subject")
        }
        return SubjectRef(category: event.category.identifier, subject: subject.id)
    }
}
