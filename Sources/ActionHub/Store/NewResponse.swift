/// The keys under which a response event is stored and found again.
public struct NewResponse: Sendable {
    public var id: String
    public var userId: String
    public var category: String
    public var action: String
    /// Canonical request content; a retry of `id` with other content is a conflict.
    public var fingerprint: String

    public init(id: String, userId: String, category: String, action: String, fingerprint: String) {
        self.id = id
        self.userId = userId
        self.category = category
        self.action = action
        self.fingerprint = fingerprint
    }
}
