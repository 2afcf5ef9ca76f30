/// A response id that is already stored with other content.
public struct ResponseConflict: Error, Sendable, Equatable {
    public var id: String

    public init(id: String) {
        self.id = id
    }
}
