/// An action's responses in a span of time, and the distinct users who sent them.
public struct ActionTally: Sendable, Equatable {
    public var count: Int
    public var users: Int

    public init(count: Int, users: Int) {
        self.count = count
        self.users = users
    }
}
