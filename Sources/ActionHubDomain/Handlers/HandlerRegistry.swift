/// The handlers routes may name.
public struct HandlerRegistry: Sendable {
    private let byName: [String: any ActionHandler]

    public init(_ handlers: [any ActionHandler]) {
        byName = Dictionary(handlers.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// Every handler ActionHub ships.
    public static let standard = HandlerRegistry([
        ReplyHandler(), LikeHandler(), OpenScreenHandler(), DismissHandler(),
    ])

    public var names: [String] { byName.keys.sorted() }

    public func handler(named name: String) -> (any ActionHandler)? {
        byName[name]
    }
}
