/// The server could not start: the failed call and its errno (0 when the call sets none).
public struct HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    public var operation: String
    public var code: Int32
    public var message: String

    public init(operation: String, code: Int32, message: String) {
        self.operation = operation
        self.code = code
        self.message = message
    }

    public var description: String {
        "\(operation) failed: \(message)" + (code != 0 ? " (errno \(code))" : "")
    }
}
