/// Every category the service accepts responses for, by identifier.
public struct RouteTable: Sendable {
    /// In identifier order, so listings are stable.
    public let categories: [CategoryRoute]
    private let byIdentifier: [String: CategoryRoute]
    /// The handlers the routes were checked against: the ones their events go to.
    public let handlers: HandlerRegistry

    public init(categories: [CategoryRoute], handlers: HandlerRegistry = .standard) {
        self.handlers = handlers
        self.categories = categories.sorted { $0.identifier < $1.identifier }
        byIdentifier = Dictionary(categories.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public func category(_ identifier: String) -> CategoryRoute? {
        byIdentifier[identifier]
    }

    /// What is valid but worth changing: deprecated options.
    public var warnings: [RouteError] {
        categories.flatMap { category in
            category.options.compactMap { option in
                option.deprecation.map { RouteError(file: category.sourceFile, field: "options", message: $0) }
            }
        }
    }
}
