import HTTPClient
import Testing

@testable import HTTPServer

/// Requests whose framing or headers another parser could read differently: each is refused
/// with 400 and the connection closed, and an ordinary request right after still works.
@Suite struct HeaderCheckTests {
    static let smuggling: [(String, String)] = [
        ("two equal Content-Length", "Content-Length: 2\r\nContent-Length: 2\r\n\r\n{}"),
        ("two different Content-Length", "Content-Length: 2\r\nContent-Length: 5\r\n\r\n{}xyz"),
        ("two Content-Length in other cases", "content-length: 2\r\nCONTENT-LENGTH: 2\r\n\r\n{}"),
        ("Content-Length and Transfer-Encoding", "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"),
        ("Transfer-Encoding twice", "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"),
        ("Transfer-Encoding not chunked", "Transfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n"),
        ("Content-Length not a number", "Content-Length: +2\r\n\r\n{}"),
        ("NUL in a header value", "X-Test: a\u{0}b\r\nContent-Length: 2\r\n\r\n{}"),
        ("NUL starting a header value", "X-Test: \u{0}b\r\nContent-Length: 2\r\n\r\n{}"),
        ("NUL in the last header value", "Content-Length: 2\r\nX-Test: a\u{0}b\r\n\r\n{}"),
        ("control character in a header value", "X-Test: a\u{1}b\r\nContent-Length: 2\r\n\r\n{}"),
        ("DEL in a header value", "X-Test: a\u{7F}b\r\nContent-Length: 2\r\n\r\n{}"),
        ("quote in a header name", "X\"Test: a\r\nContent-Length: 2\r\n\r\n{}"),
    ]

    @Test(arguments: smuggling)
    func isRefusedAndTheNextRequestWorks(_ name: String, _ rest: String) throws {
        let server = try HTTPServer(
            configuration: HTTPServerConfiguration(port: 0, threadCount: 2), responder: EchoResponder())
        let client = HTTPClient(host: "127.0.0.1", port: server.port, timeoutSeconds: 5)
        let answer = String(
            decoding: try client.exchange(Array("POST /x HTTP/1.1\r\nHost: t\r\n\(rest)".utf8)), as: UTF8.self)
        let status = answer.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        // A 4xx or a closed connection: never a 2xx, never a 5xx.
        #expect(answer.isEmpty || (400..<500).contains(status ?? 0), "\(name): \(answer.prefix(80))")
        #expect(!answer.contains("HTTP/1.1 200"), "\(name) reached the responder")
        #expect(try client.send(method: "GET", path: "/ok").status == 200)
        server.stop()
    }

    @Test func aNormalChunkedBodyAndAPlainOneAreAccepted() throws {
        let server = try HTTPServer(
            configuration: HTTPServerConfiguration(port: 0, threadCount: 2), responder: EchoResponder())
        let client = HTTPClient(host: "127.0.0.1", port: server.port, timeoutSeconds: 5)
        let chunked = String(
            decoding: try client.exchange(
                Array(
                    "POST /x HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n2\r\n{}\r\n0\r\n\r\n"
                        .utf8)),
            as: UTF8.self)
        #expect(chunked.hasPrefix("HTTP/1.1 200"))
        #expect(chunked.contains("#2"))
        let tabbed = try client.send(method: "POST", path: "/x", headers: [("X-Test", "a\tb")], body: Array("{}".utf8))
        #expect(tabbed.status == 200)
        server.stop()
    }

    @Test func namesMatchInAnyCaseAndNothingElse() {
        #expect(HeaderCheck.matches(Array("Content-Length".utf8), "content-length"))
        #expect(HeaderCheck.matches(Array("TRANSFER-ENCODING".utf8), "transfer-encoding"))
        #expect(!HeaderCheck.matches(Array("Content-Lengths".utf8), "content-length"))
        #expect(!HeaderCheck.matches(Array("Content_Length".utf8), "content-length"))
        // 0x0D | 0x20 is "-": only letters fold.
        #expect(!HeaderCheck.matches([0x63, 0x0D], "c-"))
        #expect(!HeaderCheck.matches([], "chunked"))
    }
}
