import Foundation
import HTTP
import HTTPClient
import HTTPServer
import Testing

/// Answers with what it received, so tests can see what the server made of the bytes on the wire.
struct EchoResponder: HTTPResponder {
    func respond(to request: HTTPRequest) -> HTTPAnswer {
        let query = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        let text =
            "\(request.method) \(request.path) ?\(query) #\(request.body.count) \(request.header("x-test") ?? "-")"
        return .now(HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")], body: Array(text.utf8)))
    }
}

@Suite struct HTTPServerTests {
    func withServer(maximumBodyBytes: Int = 64, _ body: (HTTPClient) throws -> Void) throws {
        let server = try HTTPServer(
            configuration: HTTPServerConfiguration(port: 0, threadCount: 2, maximumBodyBytes: maximumBodyBytes),
            responder: EchoResponder())
        #expect(server.port > 0)
        try body(HTTPClient(host: "127.0.0.1", port: server.port))
        server.stop()
    }

    @Test func deliversMethodRawPathDecodedQueryHeadersAndBody() throws {
        try withServer { client in
            let response = try client.send(
                method: "POST", path: "/a%2Fb/c?x=1+2&y=%C3%BC&flag", headers: [("X-Test", "yes")],
                body: Array("hello".utf8))
            #expect(response.status == 200)
            #expect(response.text == "POST /a%2Fb/c ?x=1 2&y=ü&flag= #5 yes")
        }
    }

    @Test func aDeclaredBodyOverTheCapIs413BeforeItIsRead() throws {
        try withServer { client in
            let head = "POST /x HTTP/1.1\r\nHost: t\r\nContent-Length: 10000000\r\n\r\n"
            let response = String(decoding: try client.exchange(Array(head.utf8)), as: UTF8.self)
            #expect(response.hasPrefix("HTTP/1.1 413"))
        }
    }

    @Test func aChunkedBodyThatGrowsOverTheCapIs413() throws {
        try withServer { client in
            let chunk = String(repeating: "x", count: 50)
            let request =
                "POST /x HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "32\r\n\(chunk)\r\n32\r\n\(chunk)\r\n0\r\n\r\n"
            let response = String(decoding: try client.exchange(Array(request.utf8)), as: UTF8.self)
            #expect(response.hasPrefix("HTTP/1.1 413"))
        }
    }

    @Test func aBodyAtTheCapIsAccepted() throws {
        try withServer { client in
            let response = try client.send(method: "POST", path: "/x", body: Array(repeating: 65, count: 64))
            #expect(response.status == 200)
            #expect(response.text.hasSuffix("#64 -"))
        }
    }

    @Test func keepAliveServesSeveralRequestsOnOneConnection() throws {
        try withServer { client in
            let one = "GET /1 HTTP/1.1\r\nHost: t\r\n\r\n"
            let two = "GET /2 HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n"
            let text = String(decoding: try client.exchange(Array((one + two).utf8)), as: UTF8.self)
            #expect(text.components(separatedBy: "HTTP/1.1 200").count == 3)
            #expect(text.contains("GET /1 ?") && text.contains("GET /2 ?"))
        }
    }

    @Test func aPortInUseIsReportedWithErrno() throws {
        let first = try HTTPServer(configuration: HTTPServerConfiguration(port: 0), responder: EchoResponder())
        #expect(throws: HTTPServerError.self) {
            try HTTPServer(configuration: HTTPServerConfiguration(port: first.port), responder: EchoResponder())
        }
    }
}
