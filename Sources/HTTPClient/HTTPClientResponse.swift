/// A response as read off the wire.
public struct HTTPClientResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }

    public var text: String { String(decoding: body, as: UTF8.self) }

    /// Parses a status line, headers and a body delimited by `Content-Length` or the connection's end.
    static func parse(_ bytes: [UInt8]) throws(HTTPClientError) -> HTTPClientResponse {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let headEnd = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else {
            throw HTTPClientError(operation: "read response", message: "no complete header in \(bytes.count) bytes")
        }
        let lines = String(decoding: bytes[..<headEnd], as: UTF8.self).split(
            separator: "\r\n", omittingEmptySubsequences: false
        ).map(String.init)
        let statusParts = lines[0].split(separator: " ", maxSplits: 2)
        guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."), let status = Int(statusParts[1]) else {
            throw HTTPClientError(operation: "read response", message: "bad status line \"\(lines[0])\"")
        }
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingSpaces())
        }
        var body = Array(bytes[(headEnd + 4)...])
        let response = HTTPClientResponse(status: status, headers: headers, body: [])
        if response.header("Transfer-Encoding")?.lowercased() == "chunked" {
            return HTTPClientResponse(status: status, headers: headers, body: try dechunk(body))
        }
        if let length = response.header("Content-Length").flatMap({ Int($0) }) {
            guard body.count >= length else {
                throw HTTPClientError(operation: "read response", message: "body shorter than Content-Length")
            }
            body = Array(body.prefix(length))
        }
        return HTTPClientResponse(status: status, headers: headers, body: body)
    }
}

/// A chunked body's bytes; a body that stops before its last (empty) chunk is an error, so a
/// response cut off mid-stream never reads as complete.
private func dechunk(_ bytes: [UInt8]) throws(HTTPClientError) -> [UInt8] {
    var body: [UInt8] = []
    var at = 0
    while true {
        guard let lineEnd = bytes[at...].indices.first(where: { bytes[$0...].starts(with: [13, 10]) }),
            let sizeText = String(decoding: bytes[at..<lineEnd], as: UTF8.self).split(separator: ";").first,
            let size = Int(sizeText, radix: 16)
        else { throw HTTPClientError(operation: "read response", message: "chunked body ended early") }
        at = lineEnd + 2
        if size == 0 { return body }
        guard bytes.count >= at + size + 2 else {
            throw HTTPClientError(operation: "read response", message: "chunked body ended early")
        }
        body += bytes[at..<(at + size)]
        at += size + 2
    }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
