import HTTP

/// What the server keeps for one request between libmicrohttpd's calls: headers first, then body
/// chunks, then the final call that answers. Lives in the connection's `con_cls`.
final class RequestState {
    var request: HTTPRequest
    /// Set when the request is refused; the body that follows is dropped unread.
    var failure: HTTPRequestFailure?
    var discardedBytes = 0
    /// Set once a response is queued: a failure answered early is not answered twice.
    var answered = false
    /// Set while the responder answers later: the connection is suspended until it does.
    var parked: ParkedResponse?

    init(request: HTTPRequest) {
        self.request = request
    }
}
