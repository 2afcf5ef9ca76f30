#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A request that could not be sent or whose answer could not be read.
public struct HTTPClientError: Error, Sendable, CustomStringConvertible {
    public var operation: String
    public var message: String

    public init(operation: String, message: String) {
        self.operation = operation
        self.message = message
    }

    static func system(_ operation: String) -> HTTPClientError {
        HTTPClientError(operation: operation, message: String(cString: strerror(errno)))
    }

    public var description: String { "\(operation): \(message)" }
}
