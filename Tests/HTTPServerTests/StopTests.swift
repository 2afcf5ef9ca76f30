import Basics
import Foundation
import HTTP
import HTTPClient
import HTTPServer
import Testing

/// Stopping: new connections are refused at once, requests in flight are answered, and the
/// listening socket outlives libmicrohttpd's threads (closing it first made one of them abort).
@Suite struct StopTests {
    struct Slow: HTTPResponder {
        func respond(to request: HTTPRequest) -> HTTPAnswer {
            usleep(600_000)
            return .now(HTTPResponse(status: 200, body: Array("done".utf8)))
        }
    }

    @Test func aStopRefusesNewConnectionsAndAnswersWhatIsInFlight() throws {
        for _ in 0..<5 {
            let server = try HTTPServer(
                configuration: HTTPServerConfiguration(port: 0, threadCount: 2), responder: Slow())
            let port = server.port
            let answer = Locked<Int?>(nil)
            let answered = DispatchSemaphore(value: 0)
            let inFlight = Thread {
                let status = try? HTTPClient(host: "127.0.0.1", port: port).send(method: "GET", path: "/").status
                answer.withLock { $0 = status }
                answered.signal()
            }
            inFlight.start()
            while server.requestsInFlight == 0 { usleep(1_000) }
            let stopped = DispatchSemaphore(value: 0)
            Thread {
                server.stop(gracePeriod: .seconds(5))
                stopped.signal()
            }.start()
            usleep(100_000)
            #expect(throws: (any Error).self) {
                _ = try HTTPClient(host: "127.0.0.1", port: port).send(method: "GET", path: "/")
            }
            stopped.wait()
            answered.wait()
            #expect(answer.withLock { $0 } == 200)
        }
    }
}
