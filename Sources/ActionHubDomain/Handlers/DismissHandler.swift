import JSON

/// Acknowledges a dismissal; the stored event is the record of it.
public struct DismissHandler: ActionHandler {
    public init() {}

    public var name: String { "dismiss" }

    public func plan(_ event: ActionEvent) -> EffectPlan {
        .answer(["dismissed": .bool(true)])
    }
}
