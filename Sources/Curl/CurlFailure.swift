/// Why a `CurlRequest` got no usable answer.
public enum CurlFailure: Error, Sendable, Equatable {
    /// No complete answer within the request's timeout.
    case timedOut(afterMilliseconds: Int)
    /// The answer's status came, but its body was longer than the request's limit.
    case bodyTooLarge(status: Int, limit: Int)
    /// The pool stopped before the answer came.
    case stopped
    /// Anything else libcurl reported: no connection, a TLS failure, a broken answer.
    case transfer(CurlError)
}
