#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small blocking HTTP/1.1 client: one connection per request, `Connection: close`, the whole
/// response read until the server closes. Enough for replaying fixtures and for tests that must
/// send exactly the bytes they mean.
public struct HTTPClient: Sendable {
    public var host: String
    public var port: Int
    public var timeoutSeconds: Int
    /// Sent with every request, before the request's own headers (e.g. `Authorization`).
    public var defaultHeaders: [(name: String, value: String)] = []

    public init(host: String, port: Int, timeoutSeconds: Int = 30) {
        self.host = host
        self.port = port
        self.timeoutSeconds = timeoutSeconds
    }

    /// `http://host:port` with an optional trailing path that is ignored.
    public init(url: String, timeoutSeconds: Int = 30) throws(HTTPClientError) {
        guard url.hasPrefix("http://") else {
            throw HTTPClientError(operation: "parse URL", message: "\(url) is not an http:// URL")
        }
        let authority = url.dropFirst("http://".count).prefix { $0 != "/" }
        let host: Substring
        let portText: Substring?
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            host = authority[authority.index(after: authority.startIndex)..<close]
            let rest = authority[authority.index(after: close)...]
            portText = rest.hasPrefix(":") ? rest.dropFirst() : nil
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        } else {
            host = authority
            portText = nil
        }
        guard !host.isEmpty, let port = portText.map({ Int($0) }) ?? 80, (1...65535).contains(port) else {
            throw HTTPClientError(operation: "parse URL", message: "\(url) has no valid host and port")
        }
        self.init(host: String(host), port: port, timeoutSeconds: timeoutSeconds)
    }

    /// Sends a request with `Host`, `Content-Length` and `Connection: close` added.
    public func send(
        method: String, path: String, headers: [(name: String, value: String)] = [], body: [UInt8] = []
    ) throws(HTTPClientError) -> HTTPClientResponse {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n"
        let overridden = Set(headers.map { $0.name.lowercased() })
        for header in defaultHeaders where !overridden.contains(header.name.lowercased()) {
            head += "\(header.name): \(header.value)\r\n"
        }
        for header in headers { head += "\(header.name): \(header.value)\r\n" }
        if !body.isEmpty || method == "POST" || method == "PUT" { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        return try HTTPClientResponse.parse(exchange(Array(head.utf8) + body))
    }

    /// Writes `bytes` as they are and reads until the server closes the connection.
    public func exchange(_ bytes: [UInt8]) throws(HTTPClientError) -> [UInt8] {
        let descriptor = try connect()
        defer { close(descriptor) }
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { throw HTTPClientError.system("write") }
            sent += count
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return received }
            guard count > 0 else {
                // A reset after the server answered (it may close without reading the rest) still
                // leaves a complete response to return.
                if errno == ECONNRESET && !received.isEmpty { return received }
                throw HTTPClientError.system("read")
            }
            received.append(contentsOf: buffer[0..<count])
        }
    }

    private func connect() throws(HTTPClientError) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var results: UnsafeMutablePointer<addrinfo>?
        let lookup = getaddrinfo(host, String(port), &hints, &results)
        guard lookup == 0, let address = results?.pointee else {
            throw HTTPClientError(operation: "getaddrinfo(\(host))", message: String(cString: gai_strerror(lookup)))
        }
        defer { freeaddrinfo(results) }
        let descriptor = socket(
            address.ai_family, address.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), address.ai_protocol)
        guard descriptor >= 0 else { throw HTTPClientError.system("socket") }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        let size = socklen_t(MemoryLayout<timeval>.size)
        guard setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, size) == 0,
            setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, size) == 0
        else {
            let error = HTTPClientError.system("setsockopt")
            close(descriptor)
            throw error
        }
        guard Glibc.connect(descriptor, address.ai_addr, address.ai_addrlen) == 0 else {
            let error = HTTPClientError.system("connect(\(host):\(port))")
            close(descriptor)
            throw error
        }
        return descriptor
    }
}
