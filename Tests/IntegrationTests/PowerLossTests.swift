import Foundation
import SQLite
import TestSupport
import Testing

/// What kill -9 cannot show: a kill loses nothing the page cache holds, so only a power cut tells a
/// synced log from an unsynced one. `PowerLoss/powerloss.c`, loaded into the server, logs every
/// write, truncate and sync of the database's files; after a kill -9 under POST load the files are
/// rebuilt from what the syncs made durable, unsynced writes dropped, as a power cut leaves them.
/// Every acknowledged id must be there and the database must pass integrity_check.
/// `ACTIONHUB_POWERLOSS_ROUNDS` sets the rounds (default 3). Not under sanitizers: their runtimes
/// must load before any other library, and the test is about the sync path, not memory.
@Suite(
    "Power loss under POST load", .serialized,
    .enabled(if: ProcessInfo.processInfo.environment["ACTIONHUB_TEST_SANITIZER"] == nil))
struct PowerLossTests {
    /// The recorder, built once with the toolchain's clang.
    static let recorder: Result<String, any Error> = Result {
        let library = TemporaryDirectory.make().appendingPathComponent("powerloss.so").path
        let source = ActionHubExecutable.packageRoot.appendingPathComponent(
            "Tests/IntegrationTests/PowerLoss/powerloss.c"
        ).path
        let built = try Toolchain.run("clang", ["-shared", "-fPIC", "-O1", "-o", library, source, "-ldl", "-lpthread"])
        guard built.status == 0 else { throw RecorderBuildFailed(output: built.output) }
        return library
    }

    struct RecorderBuildFailed: Error {
        var output: String
    }

    struct Round {
        var acknowledged: Int
        var lost: Int
        var integrity: [String?]
    }

    /// A database made and closed cleanly, the starting point of the rounds.
    static func freshDatabase() throws -> (directory: URL, adminKey: String?) {
        let directory = TemporaryDirectory.make()
        let server = try ServerProcess(databasePath: directory.appendingPathComponent("db.sqlite").path)
        #expect(server.stop() == 0)
        return (directory, server.adminKey)
    }

    /// Load, kill -9, then the power cut: the folder is replaced by what its syncs made durable.
    static func round(in directory: URL, adminKey: String?, environment: [String: String]) throws -> Round {
        let snapshot = try files(in: directory)
        let log = TemporaryDirectory.make().appendingPathComponent("writes.log").path
        let server = try ServerProcess(
            databasePath: directory.appendingPathComponent("db.sqlite").path,
            arguments: ["--rate-limit", "0", "--log-level", "warning"],
            environment: environment.merging([
                "LD_PRELOAD": try recorder.get(), "POWERLOSS_DIR": directory.path, "POWERLOSS_LOG": log,
            ]) { $1 },
            adminKey: adminKey)
        let load = PostLoad(clients: 16, to: server.client)
        load.waitForAcknowledgements(20, within: 30)
        usleep(UInt32.random(in: 50_000...300_000))
        _ = server.stop(signal: SIGKILL)
        load.stop()
        let acknowledged = load.acknowledged

        let durable = try durableFiles(from: snapshot, log: log)
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            try FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
        // The -shm file is memory SQLite rebuilds from the log; a power cut takes it.
        for (name, bytes) in durable where !name.hasSuffix("-shm") {
            try Data(bytes).write(to: directory.appendingPathComponent(name))
        }
        let database = try SQLiteConnection(path: directory.appendingPathComponent("db.sqlite").path)
        let stored = Set(try database.prepare("SELECT id FROM responses").rows { $0.text(at: 0) ?? "" })
        return Round(
            acknowledged: acknowledged.count, lost: acknowledged.filter { !stored.contains($0) }.count,
            integrity: try database.prepare("PRAGMA integrity_check").rows { $0.text(at: 0) })
    }

    static func files(in directory: URL) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            files[name] = Array(try Data(contentsOf: directory.appendingPathComponent(name)))
        }
        return files
    }

    /// Replays the log onto the snapshot: a file's writes and truncates since its last sync are
    /// pending, a sync of it (through any descriptor) makes them durable, what is pending at the
    /// end is lost. Files are keyed by name within the folder.
    static func durableFiles(from snapshot: [String: [UInt8]], log: String) throws -> [String: [UInt8]] {
        enum Operation {
            case write(offset: Int, bytes: ArraySlice<UInt8>)
            case truncate(length: Int)
        }
        var durable = snapshot
        var pending: [String: [Operation]] = [:]
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: log)))
        func integer<T: FixedWidthInteger>(_ type: T.Type, at offset: Int) -> T {
            bytes[offset..<offset + MemoryLayout<T>.size].withUnsafeBytes { $0.loadUnaligned(as: T.self) }
        }
        var next = 0
        // A record the kill cut short is dropped: its write or sync had not returned to the server.
        while next + 5 <= bytes.count {
            let type = bytes[next]
            let pathLength = Int(integer(UInt32.self, at: next + 1))
            guard next + 21 + pathLength <= bytes.count else { break }
            let path = String(decoding: bytes[(next + 5)..<(next + 5 + pathLength)], as: UTF8.self)
            let name = URL(fileURLWithPath: path).lastPathComponent
            let position = Int(integer(Int64.self, at: next + 5 + pathLength))
            let length = Int(integer(Int64.self, at: next + 13 + pathLength))
            let dataStart = next + 21 + pathLength
            guard dataStart + max(0, length) <= bytes.count else { break }
            next = dataStart + max(0, length)
            switch type {
            case UInt8(ascii: "W"):
                pending[name, default: []].append(.write(offset: position, bytes: bytes[dataStart..<next]))
            case UInt8(ascii: "T"):
                pending[name, default: []].append(.truncate(length: position))
            default:
                var file = durable[name] ?? []
                for operation in pending[name] ?? [] {
                    switch operation {
                    case .write(let offset, let data):
                        if file.count < offset + data.count {
                            file += [UInt8](repeating: 0, count: offset + data.count - file.count)
                        }
                        file.replaceSubrange(offset..<offset + data.count, with: data)
                    case .truncate(let length):
                        file =
                            length < file.count
                            ? Array(file.prefix(length)) : file + [UInt8](repeating: 0, count: length - file.count)
                    }
                }
                durable[name] = file
                pending[name] = nil
            }
        }
        return durable
    }

    @Test func noAcknowledgedEventIsLostWhenThePowerIsCut() throws {
        let rounds = Int(ProcessInfo.processInfo.environment["ACTIONHUB_POWERLOSS_ROUNDS"] ?? "") ?? 3
        let (directory, adminKey) = try Self.freshDatabase()
        var acknowledged = 0
        for number in 1...rounds {
            let round = try Self.round(in: directory, adminKey: adminKey, environment: [:])
            acknowledged += round.acknowledged
            #expect(round.lost == 0, "round \(number): \(round.lost) of \(round.acknowledged) acknowledged events lost")
            #expect(round.integrity == ["ok"], "round \(number)")
        }
        #expect(acknowledged >= rounds * 20)
        print("power-loss test: \(rounds) rounds, \(acknowledged) acknowledged events, 0 lost")
    }

    /// The controls: a server that never syncs its log, and one that answers before COMMIT, must
    /// both be caught losing acknowledged events (the first one a kill -9 alone never catches).
    @Test(arguments: ["ACTIONHUB_UNSAFE_SKIP_LOG_SYNC", "ACTIONHUB_UNSAFE_ACKNOWLEDGE_BEFORE_COMMIT"])
    func anUnsafeServerIsCaught(_ switchName: String) throws {
        let (directory, adminKey) = try Self.freshDatabase()
        var lost = 0
        for _ in 1...10 where lost == 0 {
            lost += try Self.round(in: directory, adminKey: adminKey, environment: [switchName: "1"]).lost
        }
        #expect(lost > 0, "10 power cuts never caught a loss with \(switchName)")
    }
}
