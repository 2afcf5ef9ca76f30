import CMicroHTTPD
import Foundation
import HTTP

/// The answer to a request whose responder answers later. The connection is suspended while
/// the answer is on its way and resumed when it arrives; libmicrohttpd then calls the access
/// handler again, which sends it.
///
/// The answer may arrive before the worker has suspended the connection (even before the
/// responder returns); `lock` orders the two, so a connection is resumed only after it was
/// suspended, and only once. Lock order: this lock, then the server's parking lot's.
final class ParkedResponse: @unchecked Sendable {
    let request: HTTPRequest
    let connection: OpaquePointer
    /// Weak: a parked response outlives its request when the answer comes late, and holding the
    /// server made its last release (and so its `deinit`, which stops libmicrohttpd) happen on
    /// a libmicrohttpd worker when that request completed, which then waited for itself to stop
    /// ("Failed to join a thread"). Once the server is gone its `stop` has answered every parked
    /// request, and a late answer is ignored.
    private weak var server: HTTPServer?
    private let lock = NSLock()
    private var make: (@Sendable () -> HTTPResponse)?
    private var isSuspended = false

    init(request: HTTPRequest, connection: OpaquePointer, server: HTTPServer) {
        self.request = request
        self.connection = connection
        self.server = server
    }

    /// Called by the responder, from any thread. Ignored when the server has already answered
    /// for it (it stopped first).
    func arrive(_ make: @escaping @Sendable () -> HTTPResponse) {
        lock.lock()
        guard self.make == nil else { return lock.unlock() }
        self.make = make
        let resume = isSuspended
        lock.unlock()
        if resume { server?.resume(self) }
    }

    /// On the worker, inside the access handler: the answer if it is already here, else nil after
    /// suspending the connection until it is. A stopping server suspends nothing: the answer is
    /// then the responder's to `shuttingDown`.
    func answerOrSuspend(on server: HTTPServer) -> (@Sendable () -> HTTPResponse)? {
        lock.lock()
        defer { lock.unlock() }
        if let make { return make }
        if server.suspend(self) {
            isSuspended = true
            return nil
        }
        let failure = server.responder.respond(to: .shuttingDown, request: request)
        make = { failure }
        return make
    }

    /// On the worker, when the resumed connection's access handler runs again.
    func answer() -> (@Sendable () -> HTTPResponse)? {
        lock.lock()
        defer { lock.unlock() }
        return make
    }

    /// The server stops before the answer came: it sends `make`'s instead.
    func abandon(_ make: @escaping @Sendable () -> HTTPResponse) {
        lock.lock()
        defer { lock.unlock() }
        if self.make == nil { self.make = make }
    }
}
