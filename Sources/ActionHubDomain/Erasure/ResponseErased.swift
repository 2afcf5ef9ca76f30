/// A response id that belonged to a user who was erased since: it is not stored again.
public struct ResponseErased: Error, Sendable, Equatable {
    public var id: String
    public var route: RouteKey

    public init(id: String, route: RouteKey) {
        self.id = id
        self.route = route
    }
}
