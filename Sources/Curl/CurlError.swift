/// A libcurl call that failed: its `CURLcode` and what libcurl said about it.
public struct CurlError: Error, Sendable, Equatable, CustomStringConvertible {
    public var code: Int
    public var message: String

    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "curl error \(code): \(message)" }
}
