/// What a category's actions act on: the userInfo key the category names (`"subject": "meetingId"`)
/// and that key's value in one push.
public struct Subject: Sendable, Equatable, Hashable {
    public var key: String
    public var id: String

    public init(key: String, id: String) {
        self.key = key
        self.id = id
    }
}
