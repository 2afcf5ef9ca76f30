/// Answers requests. Called on the server's worker threads, concurrently: it must be thread-safe,
/// and a call that blocks holds one worker, and every connection it serves, for as long.
public protocol HTTPResponder: Sendable {
    func respond(to request: HTTPRequest) -> HTTPAnswer
    /// The answer to a request the server refused before it was complete (e.g. a body over the cap).
    func respond(to failure: HTTPRequestFailure, request: HTTPRequest) -> HTTPResponse
}

extension HTTPResponder {
    public func respond(to failure: HTTPRequestFailure, request: HTTPRequest) -> HTTPResponse {
        switch failure {
        case .bodyTooLarge(let limit):
            HTTPResponse(
                status: 413, headers: [("Content-Type", "text/plain")],
                body: Array("request body over \(limit) bytes\n".utf8))
        case .malformed(let reason):
            HTTPResponse(status: 400, headers: [("Content-Type", "text/plain")], body: Array("\(reason)\n".utf8))
        case .shuttingDown:
            HTTPResponse(
                status: 503, headers: [("Content-Type", "text/plain"), ("Retry-After", "1")],
                body: Array("shutting down before the answer was ready\n".utf8))
        }
    }
}

/// Why the server refused a request before handing it to the responder.
public enum HTTPRequestFailure: Sendable, Equatable {
    /// The body is, or announced to be, longer than the configured cap (bytes).
    case bodyTooLarge(limit: Int)
    /// Framing or headers that peers could read differently (request smuggling), or bytes that
    /// have no place in a header.
    case malformed(String)
    /// The server stopped before the responder's deferred answer arrived.
    case shuttingDown
}
