/// The handlers routes may name: built once where the service is assembled and handed to the
/// route loader, whose table carries it to the service. A team's own handler joins here.
public struct HandlerRegistry: Sendable {
    private let byName: [String: any ActionHandler]

    public init(_ handlers: [any ActionHandler]) {
        byName = Dictionary(handlers.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// Every handler ActionHub ships.
    public static let standard = HandlerRegistry([
        ReplyHandler(), LikeHandler(), OpenScreenHandler(), DismissHandler(), RecordHandler(), ToggleHandler(),
        ChoiceHandler(), TextHandler(), CallHandler(),
    ])

    /// These handlers and `more`; one of `more` replaces a handler of the same name.
    public func adding(_ more: [any ActionHandler]) -> HandlerRegistry {
        HandlerRegistry(Array(byName.values) + more)
    }

    public var names: [String] { byName.keys.sorted() }

    /// Every setting key any handler takes, for naming what a route entry without a handler has.
    var allSettingKeys: Set<String> {
        byName.values.reduce(into: []) { $0.formUnion($1.settingKeys) }
    }

    public func handler(named name: String) -> (any ActionHandler)? {
        byName[name]
    }
}
