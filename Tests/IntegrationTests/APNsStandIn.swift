import Foundation
import JSON
import TestSupport

/// `scripts/apns-standin` as a process: APNs over HTTP/2 and TLS (PyPI `h2`), which checks every
/// request's JWT signature (PyPI `cryptography`), headers and payload, answers by the token's
/// first byte and logs each request. Makes its TLS certificate and the team's `.p8` key, and the
/// `serve` flags that send to it.
final class APNsStandIn {
    /// One request as the stand-in logged it.
    struct Request {
        var token: String
        var apnsId: String
        /// nil: the stand-in never answered.
        var status: Int?
        var reason: String?
        var failures: [String]
        var authorization: String
        var priority: String?
        var expiration: String?
        var collapseId: String?
        var payload: JSONValue?
        var connection: Int
        var pushId: String? { payload?["actionhub-push"]?.stringValue }
    }

    static let keyId = "KEY1234567"
    static let teamId = "TEAM123456"
    static let topic = "com.example.social"

    let process = Process()
    let url: String
    let directory = TemporaryDirectory.make()
    private var logFile: URL { directory.appendingPathComponent("requests.jsonl") }
    private var certificate: String { directory.appendingPathComponent("tls.pem").path }
    private var keyFile: String { directory.appendingPathComponent("AuthKey.p8").path }

    init(delayMilliseconds: Int = 0, checks: Bool = true) throws {
        let folder = directory.path
        for arguments in [
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
                "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-keyout",
                "\(folder)/tls.key", "-out", "\(folder)/tls.pem",
            ],
            ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", "\(folder)/AuthKey.p8"],
            ["pkey", "-in", "\(folder)/AuthKey.p8", "-pubout", "-out", "\(folder)/public.pem"],
        ] {
            let made = try Toolchain.run("/usr/bin/openssl", arguments)
            guard made.status == 0 else { throw StandInDidNotStart(output: made.output) }
        }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "python3", ActionHubExecutable.packageRoot.appendingPathComponent("scripts/apns-standin").path,
                "--cert", "\(folder)/tls.pem", "--key", "\(folder)/tls.key", "--log", "\(folder)/requests.jsonl",
                "--delay-ms",
                String(delayMilliseconds),
            ]
            + (checks
                ? [
                    "--public-key", "\(folder)/public.pem", "--key-id", Self.keyId, "--team-id", Self.teamId,
                    "--topic", Self.topic,
                ] : [])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        guard line.hasPrefix("listening on ") else { throw StandInDidNotStart(output: line) }
        url = line.dropFirst("listening on ".count).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// SIGKILL: a child inherits the test process's signal mask, in which SIGTERM may be blocked.
    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// `serve` flags that send every push here, with a short request timeout.
    func serveArguments(timeoutSeconds: Int = 2) -> [String] {
        [
            "--apns-key-file", keyFile, "--apns-key-id", Self.keyId, "--apns-team-id", Self.teamId, "--apns-url",
            url, "--apns-ca-file", certificate, "--apns-timeout", String(timeoutSeconds),
        ]
    }

    var requests: [Request] {
        guard let text = try? String(contentsOf: logFile, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONParser().parse(String(line)) else { return nil }
            return Request(
                token: object["token"]?.stringValue ?? "", apnsId: object["apnsId"]?.stringValue ?? "",
                status: object["status"]?.intValue, reason: object["reason"]?.stringValue,
                failures: object["failures"]?.arrayValue?.compactMap(\.stringValue) ?? [],
                authorization: object["authorization"]?.stringValue ?? "",
                priority: object["priority"]?.stringValue, expiration: object["expiration"]?.stringValue,
                collapseId: object["collapseId"]?.stringValue, payload: object["payload"],
                connection: object["connection"]?.intValue ?? 0)
        }
    }

    /// Waits until `condition` holds for the requests logged, up to `seconds`.
    func waitFor(within seconds: Double, _ condition: ([Request]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(TimingBudget.seconds(seconds))
        while Date() < deadline {
            if condition(requests) { return true }
            usleep(50_000)
        }
        return condition(requests)
    }

    struct StandInDidNotStart: Error {
        var output: String
    }
}
