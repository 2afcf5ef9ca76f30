import Basics
import HTTPServer

/// The running server, for the gauges of connections and requests, which the API is given
/// before the server exists.
final class OpenConnections: Sendable {
    let server = Locked<HTTPServer?>(nil)

    var count: Int { server.withLock { $0?.openConnections ?? 0 } }
    var requestsInFlight: Int { server.withLock { $0?.requestsInFlight ?? 0 } }
}
