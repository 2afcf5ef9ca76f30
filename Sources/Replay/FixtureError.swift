/// A fixture file that cannot be run.
public struct FixtureError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var message: String

    public var description: String { "\(file): \(message)" }
}
