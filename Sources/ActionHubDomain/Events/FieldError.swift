/// One reason a document was refused, naming the field by its path (`notification.userInfo.postId`).
public struct FieldError: Sendable, Equatable, CustomStringConvertible {
    public var field: String
    public var message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}
