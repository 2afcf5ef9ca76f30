import ActionHub
import HTTPServer

/// The id that ties a request to its log line: the client's `X-Request-Id` when it is a sane
/// token, a fresh UUID otherwise.
enum RequestId {
    static func take(from request: HTTPRequest) -> String {
        if let given = request.header("X-Request-Id"), (1...128).contains(given.utf8.count),
            given.utf8.allSatisfy({ (0x21...0x7E).contains($0) && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
            )
        {
            return given
        }
        return UUIDText.random()
    }
}
