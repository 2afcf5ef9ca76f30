/// A request the service refuses, with every field at fault. Nothing of it is stored.
public struct ValidationFailure: Error, Sendable, Equatable {
    public var errors: [FieldError]

    public init(_ errors: [FieldError]) {
        self.errors = errors
    }
}
