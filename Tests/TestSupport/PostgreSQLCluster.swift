import Basics
import Foundation
import Glibc
import PostgreSQL

/// A throwaway PostgreSQL cluster for tests: initdb in a temporary folder, the server listening on
/// loopback only, stopped when the test process exits. Run as root (as CI does), the programs run
/// as the `postgres` user, which PostgreSQL requires.
///
/// The server runs as a direct child (not daemonized by pg_ctl): a daemon inherits the test
/// process's descriptors, and Foundation's `Process` then never sees its launcher end.
public final class PostgreSQLCluster: Sendable {
    public struct Unavailable: Error, CustomStringConvertible {
        public var description: String
    }

    public let directory: String
    public let port: Int
    private let server = Locked<Process?>(nil)
    private static let running = Locked<[PostgreSQLCluster]>([])
    private static let sharedCluster = Locked<Result<PostgreSQLCluster, Unavailable>?>(nil)

    /// One cluster for the whole test process; tests isolate themselves with `makeDatabase()`.
    public static func shared() throws -> PostgreSQLCluster {
        try sharedCluster.withLock { shared in
            if shared == nil {
                shared = Result { () throws(Unavailable) in try PostgreSQLCluster() }
            }
            return try shared!.get()
        }
    }

    /// Creates and starts a cluster of its own, for tests that stop or restart it.
    public init() throws(Unavailable) {
        directory =
            FileManager.default.temporaryDirectory.appendingPathComponent(
                "actionhub-pg-\(UUID().uuidString.prefix(8))"
            ).path
        port = Self.freePort() ?? Int.random(in: 20_000...60_000)
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            if geteuid() == 0 {
                try FileManager.default.setAttributes([.ownerAccountName: "postgres"], ofItemAtPath: directory)
            }
            let initdb = try Self.process(
                "initdb",
                ["-D", directory + "/data", "-U", "actionhub", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"],
                log: directory + "/initdb.log")
            initdb.waitUntilExit()
            guard initdb.terminationStatus == 0 else {
                throw Unavailable(description: "initdb exited \(initdb.terminationStatus); see \(directory)/initdb.log")
            }
        } catch let error as Unavailable {
            throw error
        } catch {
            throw Unavailable(description: "PostgreSQL test cluster in \(directory): \(error)")
        }
        Self.running.withLock { $0.append(self) }
        Self.stopAllAtExit
        do { try start() } catch { throw Unavailable(description: "\(error)") }
    }

    /// A new, empty database on this cluster, as a URL.
    public func makeDatabase() throws -> String {
        let name = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try PostgreSQLConnection(url: url(database: "postgres")).execute("CREATE DATABASE \(name)")
        return url(database: name)
    }

    public func url(database: String) -> String {
        "postgresql://actionhub@127.0.0.1:\(port)/\(database)"
    }

    /// Starts the server and returns once it accepts connections.
    public func start() throws {
        let process = try Self.process(
            "postgres",
            [
                "-D", directory + "/data", "-p", String(port), "-c", "listen_addresses=127.0.0.1",
                "-c", "unix_socket_directories=\(directory)", "-c", "max_connections=400",
            ], log: directory + "/server.log")
        server.withLock { $0 = process }
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if (try? PostgreSQLConnection(url: url(database: "postgres"))) != nil { return }
            guard process.isRunning else { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        let log = (try? String(contentsOfFile: directory + "/server.log", encoding: .utf8)) ?? ""
        throw Unavailable(
            description:
                "PostgreSQL did not start on port \(port): \(log.split(separator: "\n").suffix(5).joined(separator: " | "))"
        )
    }

    /// Stops the server at once (SIGQUIT, immediate shutdown: like a crash, open transactions are
    /// cut and recovered on the next start).
    public func stop() {
        guard let process = server.withLock({ $0 }), process.isRunning else { return }
        kill(process.processIdentifier, SIGQUIT)
        process.waitUntilExit()
        server.withLock { $0 = nil }
    }

    /// A port no one listens on now: the kernel's pick for a socket bound to port 0.
    public static func freePort() -> Int? {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return nil }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(socket, address, length) == 0 && getsockname(socket, address, &length) == 0
            }
        }
        return bound ? Int(UInt16(bigEndian: address.sin_port)) : nil
    }

    private static let stopAllAtExit: Void = {
        atexit {
            for cluster in PostgreSQLCluster.running.withLock({ $0 }) {
                cluster.stop()
                try? FileManager.default.removeItem(atPath: cluster.directory)
            }
        }
    }()

    /// Starts a PostgreSQL program from the server's bin folder, as `postgres` when we are root
    /// (setpriv executes it in place, so the child is the program itself), output to `log`.
    static func process(_ program: String, _ arguments: [String], log: String) throws -> Process {
        let process = Process()
        let executable = binDirectory + "/" + program
        if geteuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments =
                ["--reuid=postgres", "--regid=postgres", "--init-groups", "--", executable] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        }
        guard FileManager.default.createFile(atPath: log, contents: nil) else {
            throw Unavailable(description: "cannot create \(log)")
        }
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try output.close()
        return process
    }

    /// `pg_config --bindir` (libpq-dev), else Debian's newest versioned folder.
    static let binDirectory: String = {
        if let (status, output) = try? Toolchain.run("pg_config", ["--bindir"]), status == 0 {
            let path = output.trimmingCharacters(in: .whitespacesAndNewlines)
            if FileManager.default.fileExists(atPath: path + "/initdb") { return path }
        }
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        let newest = versions.compactMap(Int.init).max().map(String.init) ?? "15"
        return "/usr/lib/postgresql/\(newest)/bin"
    }()
}
