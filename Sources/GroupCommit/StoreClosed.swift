/// The store is closed: nothing more is committed.
public struct StoreClosed: Error, Sendable, CustomStringConvertible {
    public init() {}

    public var description: String { "the store is closed" }
}
