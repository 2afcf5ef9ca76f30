/// A store's erasure key (made by its migration) is not there: the database was changed by hand.
public struct ErasureKeyMissing: Error, CustomStringConvertible {
    public init() {}
    public var description: String { "the secrets table has no erasure-key row" }
}
