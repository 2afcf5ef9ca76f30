import JSON

/// Acknowledges a dismissal; the stored event is the record of it.
public struct DismissHandler: ActionHandler {
    public init() {}

    public var name: String { "dismiss" }

    public func handle(_ event: ActionEvent, effects: any ActionEffects) throws -> JSONObject {
        ["dismissed": .bool(true)]
    }
}
