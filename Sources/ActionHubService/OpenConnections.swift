import Basics
import HTTPServer

/// The running server, for the open-connections gauge, which is read before the server exists.
final class OpenConnections: Sendable {
    let server = Locked<HTTPServer?>(nil)

    var count: Int { server.withLock { $0?.openConnections ?? 0 } }
}
