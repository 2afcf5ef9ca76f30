/// What the server keeps for one request between libmicrohttpd's calls: headers first, then body
/// chunks, then the final call that answers. Lives in the connection's `con_cls`.
final class RequestState {
    var request: HTTPRequest
    var failure: HTTPRequestFailure?
    /// Set once a response is queued: a failure answered early is not answered twice.
    var answered = false

    init(request: HTTPRequest) {
        self.request = request
    }
}
