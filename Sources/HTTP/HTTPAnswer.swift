import Basics

/// What a responder gives back for a request: the response now, or one that arrives later (a
/// POST's answer arrives once its commit is durable). The server parks the connection of a later
/// answer and its worker serves other connections meanwhile.
public enum HTTPAnswer: Sendable {
    case now(HTTPResponse)
    case later(Deferred<HTTPResponse>)

    /// The response, blocking until it is here: for tests and in-process callers.
    public func wait() -> HTTPResponse {
        switch self {
        case .now(let response): response
        case .later(let deferred): deferred.wait()
        }
    }

    /// The response, whenever it comes, transformed on the thread that reads it.
    public func map(_ transform: @escaping @Sendable (HTTPResponse) -> HTTPResponse) -> HTTPAnswer {
        switch self {
        case .now(let response): .now(transform(response))
        case .later(let deferred): .later(deferred.map(transform))
        }
    }
}
