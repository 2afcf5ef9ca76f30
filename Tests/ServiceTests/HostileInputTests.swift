import Foundation
import HTTPClient
import SQLite
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Broken and malicious requests over raw sockets: each gets a 4xx or a closed connection, never a
/// 5xx; a normal request right after each still succeeds; nothing of them reaches the database.
@Suite("Hostile input over raw sockets", .serialized)
struct HostileInputTests {
    /// Every hostile body carries this id (or one starting with BAD0BAD0 or BAD0-), so the database
    /// check can look for it.
    static let hostileId = "BAD0BAD0-0000-4000-8000-000000000001"

    static func body(_ json: String) -> String {
        json.replacingOccurrences(of: "$ID", with: hostileId)
    }

    static let valid =
        #"{"id": "$ID", "actionIdentifier": "like", "userId": "u-1", "notification": {"identifier": "p", "categoryIdentifier": "social_post", "date": "2026-11-30T09:00:00Z", "userInfo": {"postId": "p-1"}}}"#

    /// The raw request for a case: most are POST /v1/responses; the last few carry their own line.
    static func request(_ name: String, _ rest: [UInt8], credential: String) -> [UInt8] {
        let line =
            switch name {
            case "path traversal": "GET /v1/responses/../../etc/passwd HTTP/1.1"
            case "40 KB URL": "GET /v1/posts/\(String(repeating: "p", count: 40_000))/likes HTTP/1.1"
            default: "POST /v1/responses HTTP/1.1"
            }
        let text = String(decoding: rest, as: UTF8.self).replacingOccurrences(
            of: "{AUTH}", with: "Bearer \(credential)")
        let head = Array("\(line)\r\nHost: 127.0.0.1\r\nConnection: close\r\n".utf8)
        return head
            + (text.utf8.count == rest.count
                ? Array(text.utf8) : rest.replacing(Array("{AUTH}".utf8), with: Array("Bearer \(credential)".utf8)))
    }

    @Test func eachIsRefusedAndTheServerKeepsServing() throws {
        let cases = Self.cases()
        #expect(cases.count >= 60)
        let server = try LiveServer(rateLimit: 0)
        let storedBefore = try Self.storedResponses(in: server.databasePath)
        let client = server.anonymousClient
        for (name, rest) in cases {
            var raw = HTTPClient(host: "127.0.0.1", port: server.port, timeoutSeconds: 10)
            raw.defaultHeaders = []
            let answer = (try? raw.exchange(Self.request(name, rest, credential: server.adminKey))) ?? []
            let text = String(decoding: answer.prefix(64), as: UTF8.self)
            let status = text.split(separator: " ").dropFirst().first.flatMap { Int($0) }
            #expect(answer.isEmpty || (400..<500).contains(status ?? 0), "\(name): \(text)")

            let normal = try RequestBodies.post(RequestBodies.response(), to: server.client)
            #expect(normal.status == 201, "a normal request after \"\(name)\" got \(normal.status)")
        }
        _ = client
        server.stop()
        // Only the normal requests were stored: one per case, and none of the hostile ids.
        #expect(try Self.storedResponses(in: server.databasePath) == storedBefore + cases.count)
        let database = try SQLiteConnection(path: server.databasePath, mode: .readOnly)
        let hostile = try database.prepare(
            "SELECT count(*) FROM responses WHERE id LIKE 'BAD0BAD0%' OR id LIKE 'BAD0-%' OR user_id = 'admin'"
        )
        .rows { $0.integer(at: 0) }
        #expect(hostile == [0])
    }

    static func storedResponses(in path: String) throws -> Int {
        let database = try SQLiteConnection(path: path, mode: .readOnly)
        return Int(try database.prepare("SELECT count(*) FROM responses").rows { $0.integer(at: 0) }.first ?? 0)
    }

    @Test func threeHundredSlowClientsDoNotHoldTheServer() throws {
        let server = try LiveServer {
            $0.perAddressConnectionLimit = 400
            $0.connectionTimeoutSeconds = 5
        }
        var sockets: [Int32] = []
        defer { sockets.forEach { close($0) } }
        for _ in 0..<300 {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(server.port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            #expect(connected == 0)
            // Half a request line, and then nothing: a slowloris client.
            _ = "POST /v1/responses HTTP/1.1\r\nHost: t\r\nX-Slow: ".withCString { write(descriptor, $0, 40) }
            sockets.append(descriptor)
        }
        let started = Date()
        let normal = try RequestBodies.post(RequestBodies.response(), to: server.client)
        #expect(normal.status == 201)
        #expect(
            Date().timeIntervalSince(started) < TimingBudget.seconds(2), "a normal request waited behind slow clients")
    }
}
