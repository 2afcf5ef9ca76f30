import Basics
import Curl
import Foundation
import HTTP
import HTTPServer
import Testing

/// The multi-interface pool against a real local server: answers with their headers and bodies,
/// its bounds (body limit, timeout, capacity), and connections kept alive between requests.
@Suite struct CurlRequestPoolTests {
    struct Backend: HTTPResponder {
        func respond(to request: HTTPRequest) -> HTTPAnswer {
            switch request.path {
            case "/slow":
                usleep(1_500_000)
                return .now(HTTPResponse(status: 200, body: Array("late".utf8)))
            case "/big":
                return .now(HTTPResponse(status: 200, body: Array(repeating: UInt8(ascii: "x"), count: 4096)))
            default:
                let answer = request.body + Array(" \(request.header("X-Test") ?? "")".utf8)
                return .now(HTTPResponse(status: 201, headers: [("Retry-After", "9")], body: answer))
            }
        }
    }

    static func request(_ url: String, timeout: Int = 2000, limit: Int = 1024) -> CurlRequest {
        CurlRequest(
            url: url, headers: [("X-Test", "yes")], body: Array("hello".utf8), timeoutMilliseconds: timeout,
            bodyLimit: limit)
    }

    /// Starts `request` and waits for its outcome.
    static func send(_ request: CurlRequest, on pool: CurlRequestPool) -> Result<CurlResponse, CurlFailure>? {
        let outcome = Deferred<Result<CurlResponse, CurlFailure>?> { resolve in
            if !pool.start(request, completion: { resolve($0) }) { resolve(nil) }
        }
        return outcome.wait()
    }

    @Test func answersCarryStatusHeadersAndBodyOverOneKeptAliveConnection() throws {
        let server = try HTTPServer(
            configuration: HTTPServerConfiguration(port: 0, threadCount: 2), responder: Backend())
        defer { server.stop(gracePeriod: .zero) }
        let pool = try CurlRequestPool(capacity: 4)
        defer { pool.stop() }
        for _ in 0..<5 {
            let response = try #require(Self.send(Self.request("http://127.0.0.1:\(server.port)/echo"), on: pool)).get()
            #expect(response.status == 201)
            #expect(response.headers["retry-after"] == "9")
            #expect(response.body == Array("hello yes".utf8))
        }
        #expect(server.openConnections == 1)
    }

    @Test func aBodyOverTheLimitATimeoutAndNoListenerAreFailures() throws {
        let server = try HTTPServer(
            configuration: HTTPServerConfiguration(port: 0, threadCount: 2), responder: Backend())
        defer { server.stop(gracePeriod: .zero) }
        let pool = try CurlRequestPool(capacity: 4)
        defer { pool.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        #expect(
            Self.send(Self.request(base + "/big", limit: 1024), on: pool)
                == .failure(.bodyTooLarge(status: 200, limit: 1024)))
        let started = ContinuousClock.now
        #expect(
            Self.send(Self.request(base + "/slow", timeout: 200), on: pool)
                == .failure(.timedOut(afterMilliseconds: 200)))
        #expect(ContinuousClock.now - started < .seconds(1))
        server.stop(gracePeriod: .zero)
        guard case .failure(.transfer(let error))? = Self.send(Self.request(base + "/echo"), on: pool) else {
            Issue.record("a request to no listener did not fail as a transfer")
            return
        }
        #expect(error.message.contains("Couldn't connect"))
    }

    @Test func withEverySlotTakenAStartIsRefusedAndStopEndsWhatRuns() throws {
        let server = try HTTPServer(
            configuration: HTTPServerConfiguration(port: 0, threadCount: 2), responder: Backend())
        defer { server.stop(gracePeriod: .zero) }
        let pool = try CurlRequestPool(capacity: 1)
        let slow = Locked<Result<CurlResponse, CurlFailure>?>(nil)
        #expect(
            pool.start(Self.request("http://127.0.0.1:\(server.port)/slow")) { outcome in slow.withLock { $0 = outcome }
            })
        #expect(!pool.start(Self.request("http://127.0.0.1:\(server.port)/echo")) { _ in })
        #expect(pool.outstanding == 1)
        pool.stop()
        #expect(slow.withLock { $0 } == .failure(.stopped))
        #expect(!pool.start(Self.request("http://127.0.0.1:\(server.port)/echo")) { _ in })
    }
}
