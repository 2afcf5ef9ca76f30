import Foundation
import HTTPClient
import TestSupport

/// The built `actionhub` executable, run as a child process the way an operator runs it.
struct ActionHubExecutable {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// SwiftPM builds the executable next to the test bundle.
    static let url = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        .appendingPathComponent("actionhub")

    struct Outcome {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// Runs `actionhub arguments…` to completion, with `environment` added to this process's.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Outcome {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.currentDirectoryURL = packageRoot
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
    }
}

/// `actionhub serve` on a free loopback port, with its own database unless given one.
final class ServerProcess {
    let process = Process()
    let port: Int
    let databasePath: String
    /// The admin key the server printed on its first start (nil when the database had keys).
    let adminKey: String?
    /// Standard error goes to a file: a pipe nobody reads fills up under heavy logging and blocks
    /// the server's writes.
    private let errorLog = TemporaryDirectory.make().appendingPathComponent("stderr.log")

    init(
        databasePath: String? = nil, routes: String? = nil, port requestedPort: Int = 0, arguments: [String] = [],
        environment: [String: String] = [:], adminKey knownKey: String? = nil
    ) throws {
        self.databasePath = databasePath ?? TemporaryDirectory.make().appendingPathComponent("actionhub.sqlite").path
        process.executableURL = ActionHubExecutable.url
        // PostgreSQL instances must be given their signing secret; these tests' instances share one.
        let signing =
            self.databasePath.hasPrefix("postgresql://") && !arguments.contains(where: { $0.hasPrefix("--signing") })
            ? ["--signing-secret", Self.postgreSQLSigningSecret] : []
        process.arguments =
            [
                "serve", "--port", String(requestedPort), "--database", self.databasePath, "--routes",
                routes ?? ActionHubExecutable.packageRoot.appendingPathComponent("routes").path,
            ] + signing + arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let output = Pipe()
        process.standardOutput = output
        guard FileManager.default.createFile(atPath: errorLog.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: errorLog.path])
        }
        process.standardError = try FileHandle(forWritingTo: errorLog)
        try process.run()
        let startUp = try Self.readStartUp(from: output.fileHandleForReading)
        port = startUp.port
        adminKey = startUp.adminKey ?? knownKey
    }

    static let postgreSQLSigningSecret = "postgresql-tests-signing-secret-0123456789"

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// A client that sends the admin key, when the server made one.
    var client: HTTPClient {
        var client = HTTPClient(host: "127.0.0.1", port: port)
        if let adminKey { client.defaultHeaders = [("Authorization", "Bearer \(adminKey)")] }
        return client
    }

    /// A client that sends no credential.
    var anonymousClient: HTTPClient { HTTPClient(host: "127.0.0.1", port: port) }
    var url: String { "http://127.0.0.1:\(port)" }

    /// Sends `signal` and waits for the exit status; a server still running after 20 s is killed
    /// and reported as -1, so a hung shutdown fails the test instead of hanging the suite.
    func stop(signal: Int32 = SIGTERM) -> Int32 {
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(TimingBudget.seconds(20))
        while process.isRunning && Date() < deadline { usleep(10_000) }
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return -1
        }
        return process.terminationStatus
    }

    var standardError: String {
        (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
    }

    private static func readStartUp(from handle: FileHandle) throws -> (port: Int, adminKey: String?) {
        var text = ""
        let deadline = Date().addingTimeInterval(TimingBudget.seconds(20))
        while Date() < deadline {
            let data = handle.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
            let lines = text.split(separator: "\n")
            if let line = lines.first(where: { $0.hasPrefix("listening on http://") }),
                let port = line.split(separator: ":").last.flatMap({ Int($0) })
            {
                let key = lines.first { $0.hasPrefix("admin key") }?.split(separator: " ").last.map(String.init)
                return (port, key)
            }
        }
        throw ServerDidNotStart(output: text)
    }

    struct ServerDidNotStart: Error {
        var output: String
    }
}

enum TemporaryDirectory {
    static func make() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("actionhub-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
