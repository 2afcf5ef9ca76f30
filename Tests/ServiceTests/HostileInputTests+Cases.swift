import Foundation

/// The hostile requests themselves, by name.
extension HostileInputTests {
    /// Name, then the bytes after the request line and Host header; `{AUTH}` becomes the credential.
    static func cases() -> [(String, [UInt8])] {
        func post(_ headers: String, _ body: [UInt8]) -> [UInt8] {
            Array("Authorization: {AUTH}\r\n\(headers)\r\n".utf8) + body
        }
        func json(_ text: String, extraHeaders: String = "") -> [UInt8] {
            let bytes = Array(body(text).utf8)
            return post("Content-Type: application/json\r\nContent-Length: \(bytes.count)\r\n\(extraHeaders)", bytes)
        }
        func rawJSON(_ bytes: [UInt8]) -> [UInt8] {
            post("Content-Type: application/json\r\nContent-Length: \(bytes.count)\r\n", bytes)
        }
        let validBytes = Array(body(valid).utf8)
        var cases: [(String, [UInt8])] = [
            // Framing.
            (
                "two equal Content-Length",
                post(
                    "Content-Type: application/json\r\nContent-Length: \(validBytes.count)\r\nContent-Length: \(validBytes.count)\r\n",
                    validBytes)
            ),
            (
                "two different Content-Length",
                post(
                    "Content-Type: application/json\r\nContent-Length: \(validBytes.count)\r\nContent-Length: 3\r\n",
                    validBytes)
            ),
            (
                "Content-Length and Transfer-Encoding",
                post(
                    "Content-Type: application/json\r\nContent-Length: \(validBytes.count)\r\nTransfer-Encoding: chunked\r\n",
                    validBytes)
            ),
            (
                "Transfer-Encoding twice",
                post(
                    "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n",
                    Array("0\r\n\r\n".utf8))
            ),
            (
                "Transfer-Encoding gzip",
                post("Content-Type: application/json\r\nTransfer-Encoding: gzip\r\n", validBytes)
            ),
            (
                "Transfer-Encoding chunked, identity",
                post(
                    "Content-Type: application/json\r\nTransfer-Encoding: chunked, identity\r\n",
                    Array("0\r\n\r\n".utf8))
            ),
            (
                "Content-Length with a sign",
                post("Content-Type: application/json\r\nContent-Length: +\(validBytes.count)\r\n", validBytes)
            ),
            ("Content-Length negative", post("Content-Type: application/json\r\nContent-Length: -1\r\n", validBytes)),
            ("Content-Length hex", post("Content-Type: application/json\r\nContent-Length: 0x10\r\n", validBytes)),
            (
                "10 MB Content-Length, no body",
                post("Content-Type: application/json\r\nContent-Length: 10000000\r\n", [])
            ),
            (
                "64 KiB + 1 body",
                rawJSON(
                    Array(
                        ("{\"id\": \"\(hostileId)\", \"x\": \"" + String(repeating: "a", count: 65_537 - 27) + "\"}")
                            .utf8))
            ),
            (
                "chunked body over 64 KiB",
                post(
                    "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n",
                    Array(
                        (String(repeating: "8000\r\n" + String(repeating: "a", count: 0x8000) + "\r\n", count: 3)
                            + "0\r\n\r\n").utf8))
            ),
            (
                "bad chunk size",
                post(
                    "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n",
                    Array("zz\r\n{}\r\n0\r\n\r\n".utf8))
            ),
            // Headers.
            ("control character in a header value", json(valid, extraHeaders: "X-Test: a\u{1}b\r\n")),
            ("NUL in a header value", json(valid, extraHeaders: "X-Test: a\u{0}b\r\n")),
            (
                "bare LF line ends",
                Array(
                    "Authorization: {AUTH}\nContent-Type: application/json\nContent-Length: \(validBytes.count)\n\n"
                        .utf8) + validBytes
            ),
            ("escape character in a header value", json(valid, extraHeaders: "X-Test: \u{1B}[31m\r\n")),
            ("DEL in a header value", json(valid, extraHeaders: "X-Test: a\u{7F}\r\n")),
            ("space in a header name", json(valid, extraHeaders: "X Test: a\r\n")),
            ("quote in a header name", json(valid, extraHeaders: "X\"Test: a\r\n")),
            ("header without a colon", json(valid, extraHeaders: "NoColonHere\r\n")),
            ("40 KB header", json(valid, extraHeaders: "X-Big: \(String(repeating: "b", count: 40_000))\r\n")),
            ("5000 headers", json(valid, extraHeaders: String(repeating: "X-H: 1\r\n", count: 5000))),
            ("no Content-Type", post("Content-Length: \(validBytes.count)\r\n", validBytes)),
            ("text/plain", post("Content-Type: text/plain\r\nContent-Length: \(validBytes.count)\r\n", validBytes)),
            (
                "JSON with latin1 charset",
                post(
                    "Content-Type: application/json; charset=latin1\r\nContent-Length: \(validBytes.count)\r\n",
                    validBytes)
            ),
            (
                "no credential",
                Array("Content-Type: application/json\r\nContent-Length: \(validBytes.count)\r\n\r\n".utf8) + validBytes
            ),
            (
                "credential with CR inside",
                Array(
                    "Authorization: Bearer x\rInjected: 1\r\nContent-Type: application/json\r\nContent-Length: \(validBytes.count)\r\n\r\n"
                        .utf8) + validBytes
            ),
            // Encoding.
            ("truncated UTF-8", rawJSON(Array(body(#"{"id": "$ID", "userId": ""#).utf8) + [0xC3] + Array("\"}".utf8))),
            (
                "overlong slash",
                rawJSON(Array(body(#"{"id": "$ID", "userId": ""#).utf8) + [0xC0, 0xAF] + Array("\"}".utf8))
            ),
            (
                "overlong NUL",
                rawJSON(Array(body(#"{"id": "$ID", "userId": ""#).utf8) + [0xC0, 0x80] + Array("\"}".utf8))
            ),
            (
                "surrogate in UTF-8",
                rawJSON(Array(body(#"{"id": "$ID", "userId": ""#).utf8) + [0xED, 0xA0, 0x80] + Array("\"}".utf8))
            ),
            ("0xFF byte", rawJSON(Array(body(#"{"id": "$ID", "userId": ""#).utf8) + [0xFF] + Array("\"}".utf8))),
            (
                "lone continuation byte",
                rawJSON(Array(body(#"{"id": "$ID", "userId": ""#).utf8) + [0x80] + Array("\"}".utf8))
            ),
            ("byte-order mark", rawJSON([0xEF, 0xBB, 0xBF] + validBytes)),
            ("UTF-16 body", rawJSON(Array(body(valid).utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))),
            ("lone high surrogate escape", json(valid.replacingOccurrences(of: "\"u-1\"", with: #""u\ud83d""#))),
            ("lone low surrogate escape", json(valid.replacingOccurrences(of: "\"u-1\"", with: #""u\udc4d""#))),
            ("NUL escape in userId", json(valid.replacingOccurrences(of: "\"u-1\"", with: #""u\u0000x""#))),
            ("NUL escape in id", json(valid.replacingOccurrences(of: "\"$ID\"", with: #""BAD0BAD0\u0000""#))),
            (
                "raw NUL in a string",
                rawJSON(Array(body(#"{"id": "$ID", "userId": "u"#).utf8) + [0x00] + Array("\"}".utf8))
            ),
            (
                "raw tab in a string",
                rawJSON(Array(body(#"{"id": "$ID", "userId": "u"#).utf8) + [0x09] + Array("\"}".utf8))
            ),
            (
                "escape character in reply text",
                json(valid.replacingOccurrences(of: "\"like\"", with: "\"reply\", \"userText\": \"\\u001b[2J\""))
            ),
            ("bell in notification identifier", json(valid.replacingOccurrences(of: "\"p\"", with: #""p\u0007""#))),
            // Structure.
            (
                "512-deep arrays",
                rawJSON(Array((String(repeating: "[", count: 512) + String(repeating: "]", count: 512)).utf8))
            ),
            (
                "512-deep objects",
                rawJSON(
                    Array((String(repeating: "{\"a\":", count: 512) + "1" + String(repeating: "}", count: 512)).utf8))
            ),
            (
                "deep userInfo",
                json(
                    valid.replacingOccurrences(
                        of: "\"p-1\"}",
                        with: "\"p-1\", \"deep\": " + String(repeating: "[", count: 100)
                            + String(repeating: "]", count: 100) + "}"))
            ),
            ("duplicate id", json(valid.replacingOccurrences(of: "{\"id\"", with: "{\"id\": \"$ID\", \"id\""))),
            (
                "duplicate userId with another value",
                json(
                    valid.replacingOccurrences(
                        of: "\"userId\": \"u-1\"", with: "\"userId\": \"u-1\", \"userId\": \"admin\""))
            ),
            (
                "duplicate key in notification",
                json(
                    valid.replacingOccurrences(
                        of: "\"identifier\": \"p\"", with: "\"identifier\": \"p\", \"identifier\": \"q\""))
            ),
            (
                "duplicate postId",
                json(
                    valid.replacingOccurrences(
                        of: "{\"postId\": \"p-1\"}", with: "{\"postId\": \"p-1\", \"postId\": \"p-2\"}"))
            ),
            ("trailing garbage", json(valid + "xyz")),
            ("two documents", json(valid + valid)),
            ("empty body", post("Content-Type: application/json\r\nContent-Length: 0\r\n", [])),
            ("null", json("null")),
            ("array", json("[]")),
            ("number", json("12345678901234567890123456789")),
            ("single quotes", json("{'id': '$ID'}")),
            ("NaN", json(#"{"id": NaN}"#)),
            ("comment", json("{/* x */\"id\": \"$ID\"}")),
            ("unknown field", json(valid.replacingOccurrences(of: "{\"id\"", with: "{\"isAdmin\": true, \"id\""))),
            ("id as a number", json(valid.replacingOccurrences(of: "\"$ID\"", with: "42"))),
            ("id not a UUID", json(valid.replacingOccurrences(of: "\"$ID\"", with: "\"BAD0-not-a-uuid\""))),
            (
                "userText as an object",
                json(valid.replacingOccurrences(of: "\"like\"", with: "\"reply\", \"userText\": {\"a\": 1}"))
            ),
            (
                "notification as an array",
                json(#"{"id": "$ID", "actionIdentifier": "like", "userId": "u-1", "notification": []}"#)
            ),
            (
                "userInfo as a string",
                json(valid.replacingOccurrences(of: "{\"postId\": \"p-1\"}", with: "\"postId=p-1\""))
            ),
            ("postId as a number", json(valid.replacingOccurrences(of: "\"p-1\"", with: "1"))),
            (
                "300-byte userId",
                json(valid.replacingOccurrences(of: "\"u-1\"", with: "\"" + String(repeating: "u", count: 300) + "\""))
            ),
            (
                "501-character reply",
                json(
                    valid.replacingOccurrences(
                        of: "\"like\"", with: "\"reply\", \"userText\": \"" + String(repeating: "x", count: 501) + "\"")
                )
            ),
            (
                "5 KB userInfo",
                json(
                    valid.replacingOccurrences(
                        of: "{\"postId\": \"p-1\"}",
                        with: "{\"postId\": \"p-1\", \"pad\": \"" + String(repeating: "p", count: 5000) + "\"}"))
            ),
            (
                "date with 25 hours",
                json(valid.replacingOccurrences(of: "2026-11-30T09:00:00Z", with: "2026-11-30T25:00:00Z"))
            ),
            (
                "date without offset",
                json(valid.replacingOccurrences(of: "2026-11-30T09:00:00Z", with: "2026-11-30T09:00:00"))
            ),
            ("unknown category", json(valid.replacingOccurrences(of: "social_post", with: "../../etc/passwd"))),
            (
                "action of another category",
                json(
                    valid.replacingOccurrences(
                        of: "\"like\"", with: "\"com.apple.UNNotificationDismissActionIdentifiers\""))
            ),
        ]
        // Request lines that are not ours to take.
        cases.append(("path traversal", Array("Authorization: {AUTH}\r\n\r\n".utf8)))
        cases.append(("40 KB URL", Array("Authorization: {AUTH}\r\n\r\n".utf8)))
        return cases
    }
}
