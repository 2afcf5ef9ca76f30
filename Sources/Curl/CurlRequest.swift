/// One POST for `CurlRequestPool`: where, with which headers and body, within how long, and how
/// much of the answer's body to keep.
public struct CurlRequest: Sendable {
    public var url: String
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    /// The whole exchange, connecting included; libcurl aborts it after this long.
    public var timeoutMilliseconds: Int
    /// Bytes of the answer's body kept; a longer body ends the transfer as `bodyTooLarge`.
    public var bodyLimit: Int

    public init(
        url: String, headers: [(name: String, value: String)], body: [UInt8], timeoutMilliseconds: Int,
        bodyLimit: Int
    ) {
        self.url = url
        self.headers = headers
        self.body = body
        self.timeoutMilliseconds = timeoutMilliseconds
        self.bodyLimit = bodyLimit
    }
}
