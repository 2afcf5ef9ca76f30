/// How the server listens and what it allows a client.
public struct HTTPServerConfiguration: Sendable {
    public var host: String
    /// 0 picks a free port; `HTTPServer.port` tells which.
    public var port: Int
    /// Worker threads; each handles many connections, but a blocking responder holds one.
    public var threadCount: Int
    /// Bodies longer than this are refused with 413 before the rest is read.
    public var maximumBodyBytes: Int
    /// Idle seconds before a connection is closed, so a slow client cannot keep a worker's slot.
    public var connectionTimeoutSeconds: Int
    public var connectionLimit: Int
    public var perAddressConnectionLimit: Int
    /// Per-connection memory for the request line and headers; longer ones get 431 or 414.
    /// libmicrohttpd zeroes it for every request on a connection: 32 KB cost 49k instructions
    /// per history GET (14% of it), 16 KB half that, and still holds 8 KB of headers.
    public var connectionMemoryBytes: Int

    public init(
        host: String = "127.0.0.1", port: Int = 8080, threadCount: Int = 8, maximumBodyBytes: Int = 64 * 1024,
        connectionTimeoutSeconds: Int = 30, connectionLimit: Int = 1024, perAddressConnectionLimit: Int = 256,
        connectionMemoryBytes: Int = 16 * 1024
    ) {
        self.host = host
        self.port = port
        self.threadCount = threadCount
        self.maximumBodyBytes = maximumBodyBytes
        self.connectionTimeoutSeconds = connectionTimeoutSeconds
        self.connectionLimit = connectionLimit
        self.perAddressConnectionLimit = perAddressConnectionLimit
        self.connectionMemoryBytes = connectionMemoryBytes
    }
}
