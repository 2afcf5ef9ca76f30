import Foundation
import JSON

/// `scripts/call-backend` as a process: a team's backend that checks every call's signature with
/// the `standardwebhooks` package from PyPI, answers by path and logs each call it got. Also
/// writes the routes of a category whose actions call it, one per path.
final class CallBackend {
    /// One call as the backend logged it.
    struct Call {
        var path: String
        var id: String
        var number: Int
        var verified: Bool
        var idempotencyKey: String?
        var payload: JSONValue?
    }

    let process = Process()
    let url: String
    let directory = TemporaryDirectory.make()
    var secretFile: URL { directory.appendingPathComponent("call-secret") }
    var routesDirectory: URL { directory.appendingPathComponent("routes") }
    private var logFile: URL { directory.appendingPathComponent("calls.jsonl") }

    init(delayMilliseconds: Int = 0) throws {
        let secret = "whsec_" + Data((0..<32).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        let secretFile = directory.appendingPathComponent("call-secret")
        let logFile = directory.appendingPathComponent("calls.jsonl")
        try (secret + "\n").write(to: secretFile, atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", ActionHubExecutable.packageRoot.appendingPathComponent("scripts/call-backend").path,
            "--secret-file", secretFile.path, "--log", logFile.path, "--delay-ms", String(delayMilliseconds),
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        guard line.hasPrefix("listening on ") else { throw BackendDidNotStart(output: line) }
        url = line.dropFirst("listening on ".count).trimmingCharacters(in: .whitespacesAndNewlines)
        try writeRoutes()
    }

    /// SIGKILL: a child inherits the test process's signal mask, in which SIGTERM may be blocked.
    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// `order`: one action per backend path (timeout 2 s; `slow` 0.5 s, `patient` waits out the
    /// 3 s of /slow), `comment` a text input, `unreachable` a port nobody listens on, `like` a
    /// declarative handler beside them.
    private func writeRoutes() throws {
        try FileManager.default.createDirectory(at: routesDirectory, withIntermediateDirectories: true)
        var actions = ["accept", "created", "refuse", "forbid", "fail", "flaky", "text", "big"].map { path in
            #"{"identifier": "\#(path)", "title": "\#(path)", "handler": "call", "url": "\#(url)/\#(path)", "timeout": 2}"#
        }
        actions += [
            #"{"identifier": "slow", "title": "Slow", "handler": "call", "url": "\#(url)/slow", "timeout": 0.5}"#,
            #"{"identifier": "patient", "title": "Patient", "handler": "call", "url": "\#(url)/slow", "timeout": 5}"#,
            #"{"identifier": "comment", "title": "Comment", "handler": "call", "url": "\#(url)/accept", "textInput": {"buttonTitle": "Send", "maxLength": 200}}"#,
            #"{"identifier": "unreachable", "title": "Unreachable", "handler": "call", "url": "http://127.0.0.1:\#(Self.closedPort)/x"}"#,
            #"{"identifier": "star", "title": "Star", "handler": "toggle", "set": "stars"}"#,
        ]
        let document = #"""
            {"category": "order", "requiredUserInfo": ["orderId"], "subject": "orderId", "actions": [
            \#(actions.joined(separator: ",\n"))]}
            """#
        try document.write(to: routesDirectory.appendingPathComponent("order.json"), atomically: true, encoding: .utf8)
    }

    /// A port that was free a moment ago: a connection to it is refused.
    static let closedPort: Int = {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                _ = bind(socket, pointer, length)
                return getsockname(socket, pointer, &length)
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }()

    /// A response to `order` `orderId` by `user`.
    static func response(
        id: String = UUID().uuidString, action: String, order: String = "o-1", user: String = "u-1",
        text: String? = nil
    ) -> [UInt8] {
        let userText = text.map { #", "userText": "\#($0)""# } ?? ""
        return Array(
            #"""
            {"id": "\#(id)", "actionIdentifier": "\#(action)", "userId": "\#(user)"\#(userText),
             "notification": {"identifier": "push-\#(order)", "categoryIdentifier": "order",
              "date": "2026-12-03T09:00:00Z", "userInfo": {"orderId": "\#(order)"}}}
            """#.utf8)
    }

    var calls: [Call] {
        let text = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let record = try? JSONParser().parse(String(line)) else { return nil }
            return Call(
                path: record["path"]?.stringValue ?? "", id: record["id"]?.stringValue ?? "",
                number: record["call"]?.intValue ?? 0, verified: record["verified"] == .bool(true),
                idempotencyKey: record["idempotencyKey"]?.stringValue, payload: record["payload"])
        }
    }

    func calls(id: String) -> [Call] { calls.filter { $0.id == id } }

    struct BackendDidNotStart: Error {
        var output: String
    }
}
