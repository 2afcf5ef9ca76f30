/// Every problem found in a set of route files.
public struct RouteLoadFailure: Error, Sendable, CustomStringConvertible {
    public var errors: [RouteError]

    public init(_ errors: [RouteError]) {
        self.errors = errors
    }

    public var description: String {
        errors.map(\.description).joined(separator: "\n")
    }
}
