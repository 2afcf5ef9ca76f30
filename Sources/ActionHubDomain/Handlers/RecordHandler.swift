import JSON

/// Stores the event and nothing else: the history and the feed are the record of it.
public struct RecordHandler: ActionHandler {
    public init() {}

    public var name: String { "record" }

    public func plan(_ event: ActionEvent) -> EffectPlan {
        .answer([:])
    }
}
