import Basics
import Foundation
import HTTP
import HTTPClient
import HTTPServer
import TestSupport
import Testing

/// Answers `/later/…` only when told to (`release`), everything else at once.
final class LaterResponder: HTTPResponder {
    let waiting = Locked<[String: @Sendable (HTTPResponse) -> Void]>([:])
    /// Answers `/later/now` from inside `respond`, before the server could suspend anything.
    let answerAtOnce = "/later/now"

    func respond(to request: HTTPRequest) -> HTTPAnswer {
        guard request.path.hasPrefix("/later/") else { return .now(Self.text(200, "now \(request.path)")) }
        return .later(
            Deferred { resolve in
                if request.path == answerAtOnce {
                    resolve(Self.text(200, "later \(request.path)"))
                } else {
                    waiting.withLock { $0[request.path] = resolve }
                }
            })
    }

    /// Answers the parked request for `path`; false when none waits.
    func release(_ path: String) -> Bool {
        guard let resolve = waiting.withLock({ $0.removeValue(forKey: path) }) else { return false }
        resolve(Self.text(200, "later \(path)"))
        return true
    }

    func waitUntilParked(_ count: Int) {
        while waiting.withLock({ $0.count }) < count { usleep(1_000) }
    }

    static func text(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/plain")], body: Array(text.utf8))
    }
}

@Suite struct ParkedResponseTests {
    let responder = LaterResponder()

    func server(threads: Int = 1) throws -> HTTPServer {
        try HTTPServer(configuration: HTTPServerConfiguration(port: 0, threadCount: threads), responder: responder)
    }

    /// One worker thread: were it to wait for the first answer, the second request could never
    /// be read, and the first would never be released.
    @Test func aRequestAnsweredLaterDoesNotHoldItsWorker() throws {
        let server = try server(threads: 1)
        defer { server.stop() }
        let client = HTTPClient(host: "127.0.0.1", port: server.port, timeoutSeconds: 10)
        let first = Locked<HTTPClientResponse?>(nil)
        let sender = Thread { first.withLock { $0 = try? client.send(method: "GET", path: "/later/a") } }
        sender.start()
        responder.waitUntilParked(1)
        #expect(try client.send(method: "GET", path: "/other").text == "now /other")
        #expect(responder.release("/later/a"))
        while first.withLock({ $0 == nil }) { usleep(1_000) }
        #expect(first.withLock { $0?.text } == "later /later/a")
    }

    @Test func anAnswerThatArrivesBeforeTheConnectionIsParkedIsSent() throws {
        let server = try server()
        defer { server.stop() }
        let client = HTTPClient(host: "127.0.0.1", port: server.port, timeoutSeconds: 10)
        for _ in 0..<20 {
            #expect(try client.send(method: "GET", path: responder.answerAtOnce).text == "later /later/now")
        }
    }

    /// Answers come from other threads in another order than the requests: each connection gets
    /// its own, and keep-alive connections go on working after a parked request.
    @Test func manyParkedRequestsEachGetTheirOwnAnswer() throws {
        let server = try server(threads: 2)
        defer { server.stop() }
        let releaser = Thread { [responder] in
            var released = 0
            while released < 200 {
                let paths = responder.waiting.withLock { Array($0.keys) }.shuffled()
                for path in paths where responder.release(path) { released += 1 }
                usleep(200)
            }
        }
        releaser.start()
        let port = server.port
        let answers = concurrently(20) { client in
            (0..<10).map { round in
                (try? HTTPClient(host: "127.0.0.1", port: port, timeoutSeconds: 20).send(
                    method: "GET", path: "/later/\(client)-\(round)"))?.text
            }
        }
        for (client, texts) in answers.enumerated() {
            #expect(texts == (0..<10).map { "later /later/\(client)-\($0)" })
        }
    }

    @Test func stoppingAnswersWhatStillWaitsWith503() throws {
        var server: HTTPServer? = try server()
        let client = HTTPClient(host: "127.0.0.1", port: server?.port ?? 0, timeoutSeconds: 10)
        let answer = Locked<HTTPClientResponse?>(nil)
        let sender = Thread { answer.withLock { $0 = try? client.send(method: "GET", path: "/later/never") } }
        sender.start()
        responder.waitUntilParked(1)
        server?.stop(gracePeriod: .milliseconds(100))
        while answer.withLock({ $0 == nil }) { usleep(1_000) }
        #expect(answer.withLock { $0?.status } == 503)
        #expect(answer.withLock { $0?.header("Retry-After") } == "1")
        // Its answer arriving after the stop, with the server let go, changes nothing and touches
        // no connection.
        server = nil
        #expect(responder.release("/later/never"))
    }

    /// Letting go of a server with a request still parked stops it there and then: the request
    /// is answered 503, and its answer arriving later is ignored. (A parked request used to keep
    /// the server alive, so its last release came on a libmicrohttpd worker when that request
    /// completed, and stopping from there aborted: "Failed to join a thread".)
    @Test func aServerLetGoWithARequestParkedStopsAtOnce() throws {
        var server: HTTPServer? = try server()
        weak let released = server
        let client = HTTPClient(host: "127.0.0.1", port: server?.port ?? 0, timeoutSeconds: 10)
        let answer = Locked<HTTPClientResponse?>(nil)
        let sender = Thread { answer.withLock { $0 = try? client.send(method: "GET", path: "/later/dropped") } }
        sender.start()
        responder.waitUntilParked(1)
        server = nil
        #expect(released == nil)
        while answer.withLock({ $0 == nil }) { usleep(1_000) }
        #expect(answer.withLock { $0?.status } == 503)
        #expect(responder.release("/later/dropped"))
    }
}
