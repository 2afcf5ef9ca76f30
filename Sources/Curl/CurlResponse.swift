/// What came back for a `CurlRequest`.
public struct CurlResponse: Sendable, Equatable {
    public var status: Int
    /// Header names in lower case; a repeated header keeps its last value.
    public var headers: [String: String]
    public var body: [UInt8]
    /// The whole exchange, as libcurl timed it.
    public var duration: Duration

    public init(status: Int, headers: [String: String], body: [UInt8], duration: Duration) {
        self.status = status
        self.headers = headers
        self.body = body
        self.duration = duration
    }
}
