import Foundation
import HTTPClient
import JSON

/// `scripts/webhook-receiver` as a process: a receiver that checks every signature with the
/// `standardwebhooks` package from PyPI and logs each attempt it got.
final class WebhookReceiver {
    /// One attempt as the receiver logged it.
    struct Attempt {
        var id: String
        var number: Int
        var verified: Bool
        var status: Int
        var started: Double
        var ended: Double
        var responseId: String?
        var position: Int?
        var payload: JSONValue?
    }

    let process = Process()
    let url: String
    private let directory = TemporaryDirectory.make()
    private var secretFile: URL { directory.appendingPathComponent("secret") }
    private var logFile: URL { directory.appendingPathComponent("attempts.jsonl") }

    init(failFirst: Int = 0, delayMilliseconds: Int = 0) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", ActionHubExecutable.packageRoot.appendingPathComponent("scripts/webhook-receiver").path,
            "--secret-file", directory.appendingPathComponent("secret").path, "--log",
            directory.appendingPathComponent("attempts.jsonl").path, "--fail-first", String(failFirst), "--delay-ms",
            String(delayMilliseconds),
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        guard line.hasPrefix("listening on ") else { throw ReceiverDidNotStart(output: line) }
        url = line.dropFirst("listening on ".count).trimmingCharacters(in: .whitespacesAndNewlines) + "/hooks"
    }

    /// SIGKILL: a child inherits the test process's signal mask, in which SIGTERM may be blocked.
    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// Registers the receiver with `server` through the admin API and hands it the secret.
    func register(with client: HTTPClient, events: [String]? = nil) throws -> String {
        var body: JSONObject = ["url": .string(url)]
        if let events { body["events"] = .array(events.map { .string($0) }) }
        let response = try client.send(
            method: "POST", path: "/v1/webhooks", headers: [("Content-Type", "application/json")],
            body: Array(JSONValue.object(body).serialized().utf8))
        let created = try JSONParser().parse(response.body)
        guard response.status == 201, let id = created["id"]?.stringValue, let secret = created["secret"]?.stringValue
        else { throw ReceiverDidNotStart(output: "POST /v1/webhooks answered \(response.status)") }
        try secret.write(to: secretFile, atomically: true, encoding: .utf8)
        return id
    }

    var attempts: [Attempt] {
        let text = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let record = try? JSONParser().parse(String(line)) else { return nil }
            return Attempt(
                id: record["id"]?.stringValue ?? "", number: record["attempt"]?.intValue ?? 0,
                verified: record["verified"] == .bool(true), status: record["status"]?.intValue ?? 0,
                started: Self.seconds(record["started"]), ended: Self.seconds(record["ended"]),
                responseId: record["responseId"]?.stringValue, position: record["position"]?.intValue,
                payload: record["payload"])
        }
    }

    private static func seconds(_ value: JSONValue?) -> Double {
        if case .number(let literal) = value { return Double(literal) ?? 0 }
        return 0
    }

    /// The response ids delivered (a verified attempt answered 204).
    var deliveredResponseIds: Set<String> {
        Set(attempts.filter { $0.verified && $0.status == 204 }.compactMap(\.responseId))
    }

    /// Polls until `condition` holds on the attempts; false if it never did within `limit`.
    func waitFor(within limit: TimeInterval = 90, _ condition: ([Attempt]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(limit)
        while Date() < deadline {
            if condition(attempts) { return true }
            usleep(50_000)
        }
        return condition(attempts)
    }

    struct ReceiverDidNotStart: Error {
        var output: String
    }
}
