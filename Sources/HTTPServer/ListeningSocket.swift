#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Creates the listening socket ourselves rather than letting libmicrohttpd bind: it resolves
/// names and IPv6 literals alike, and with `--port 0` tells which port the kernel picked.
enum ListeningSocket {
    /// A bound, listening, non-blocking descriptor and its port. The caller owns the descriptor.
    static func open(host: String, port: Int, backlog: Int32 = 1024) throws(HTTPServerError) -> (
        descriptor: Int32, port: Int
    ) {
        guard (0...65535).contains(port) else {
            throw HTTPServerError(operation: "listen", code: 0, message: "port \(port) is out of range 0-65535")
        }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var results: UnsafeMutablePointer<addrinfo>?
        let lookup = getaddrinfo(host, String(port), &hints, &results)
        guard lookup == 0, let first = results else {
            throw HTTPServerError(
                operation: "getaddrinfo(\(host))", code: lookup, message: String(cString: gai_strerror(lookup)))
        }
        defer { freeaddrinfo(results) }

        let address = first.pointee
        let descriptor = socket(
            address.ai_family, address.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), address.ai_protocol)
        guard descriptor >= 0 else { throw systemError("socket") }
        do throws(HTTPServerError) {
            var reuse: Int32 = 1
            guard setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size)) == 0
            else { throw systemError("setsockopt(SO_REUSEADDR)") }
            guard bind(descriptor, address.ai_addr, address.ai_addrlen) == 0 else {
                throw systemError("bind(\(host):\(port))")
            }
            guard listen(descriptor, backlog) == 0 else { throw systemError("listen") }
            let flags = fcntl(descriptor, F_GETFL)
            guard flags >= 0, fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0 else {
                throw systemError("fcntl(O_NONBLOCK)")
            }
            return (descriptor, try boundPort(descriptor))
        } catch {
            close(descriptor)
            throw error
        }
    }

    private static func boundPort(_ descriptor: Int32) throws(HTTPServerError) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard result == 0 else { throw systemError("getsockname") }
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
            }
        case AF_INET6:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin6_port))
                }
            }
        default:
            throw HTTPServerError(operation: "getsockname", code: 0, message: "unexpected address family")
        }
    }

    static func systemError(_ operation: String) -> HTTPServerError {
        let code = errno
        return HTTPServerError(operation: operation, code: code, message: String(cString: strerror(code)))
    }
}
