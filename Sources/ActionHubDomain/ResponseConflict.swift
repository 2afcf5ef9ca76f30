/// A response id that is already stored with other content.
public struct ResponseConflict: Error, Sendable, Equatable {
    public var id: String
    public var route: RouteKey

    public init(id: String, route: RouteKey) {
        self.id = id
        self.route = route
    }
}
