import JSON

/// Category, action and handler of a response: a small, bounded set of values, fit for metric
/// labels. Values not in the routes are `unknown`, so clients cannot grow the set.
public struct RouteKey: Sendable, Equatable {
    public static let unknown = "unknown"

    public var category: String
    public var action: String
    public var handler: String

    public init(category: String, action: String, handler: String) {
        self.category = category
        self.action = action
        self.handler = handler
    }
}

extension ActionEvent {
    public var routeKey: RouteKey {
        RouteKey(category: category.identifier, action: action.identifier, handler: action.handler)
    }
}

extension RouteTable {
    /// The route a request body names, as far as it names a known one.
    public func routeKey(for body: JSONValue?) -> RouteKey {
        guard let category = body?["notification"]?["categoryIdentifier"]?.stringValue.flatMap(self.category) else {
            return RouteKey(category: RouteKey.unknown, action: RouteKey.unknown, handler: RouteKey.unknown)
        }
        guard let action = body?["actionIdentifier"]?.stringValue.flatMap(category.action) else {
            return RouteKey(category: category.identifier, action: RouteKey.unknown, handler: RouteKey.unknown)
        }
        return RouteKey(category: category.identifier, action: action.identifier, handler: action.handler)
    }
}
