/// An HTTP response to send. The server adds `Content-Length` (or, for a stream, chunked
/// transfer encoding) and `Date`.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    /// When set, the body is this stream's bytes (and `body` is not sent).
    public var stream: (any HTTPBodyStream)?

    public init(
        status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = [],
        stream: (any HTTPBodyStream)? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.stream = stream
    }

    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }
}
