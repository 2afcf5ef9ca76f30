import ActionHubKit
import Basics
import Foundation
import HTTP
import HTTPServer
import Testing

/// Serves `/media/<content type>/<bytes>` with that Content-Type and that many bytes,
/// `/octet/<name>` as `application/octet-stream` (a PNG's bytes for `magic`), `/status/<code>`,
/// and `/slow/<seconds>` that answers after a pause.
struct MediaServer: HTTPResponder {
    func respond(to request: HTTPRequest) -> HTTPAnswer {
        let parts = request.path.split(separator: "/").map(String.init)
        switch parts.first {
        case "media" where parts.count == 4:
            let type = "\(parts[1])/\(parts[2])".removingPercentEncoding ?? ""
            let size = Int(parts[3]) ?? 0
            return .now(
                HTTPResponse(
                    status: 200, headers: [("Content-Type", type)], body: [UInt8](repeating: 0xAB, count: size)))
        case "octet" where parts.count == 2:
            // application/octet-stream: a PNG's signature for "magic", filler otherwise.
            let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 56)
            let body = parts[1] == "magic" ? png : [UInt8](repeating: 0xAB, count: 64)
            return .now(HTTPResponse(status: 200, headers: [("Content-Type", "application/octet-stream")], body: body))
        case "status" where parts.count == 2:
            return .now(HTTPResponse(status: Int(parts[1]) ?? 500))
        case "slow" where parts.count == 2:
            let seconds = Double(parts[1]) ?? 1
            return .later(
                Deferred { resolve in
                    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
                        resolve(HTTPResponse(status: 200, headers: [("Content-Type", "image/png")], body: [1, 2, 3]))
                    }
                })
        default:
            return .now(HTTPResponse(status: 404))
        }
    }
}

@Suite(.serialized) struct MediaDownloadTests {
    let server: HTTPServer
    let folder = KitFixtures.folder()

    init() throws {
        var configuration = HTTPServerConfiguration(port: 0, threadCount: 2, maximumBodyBytes: 1024)
        configuration.connectionTimeoutSeconds = 30
        server = try HTTPServer(configuration: configuration, responder: MediaServer())
    }

    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(server.port)\(path)")!
    }

    func fetch(_ path: String, budget: Duration = .seconds(10)) async throws(MediaDownload.Failure)
        -> MediaDownload.Media
    {
        try await MediaDownload(budget: budget, allowsHTTP: true).fetch(url(path), into: folder)
    }

    @Test func anImageIsKeptUnderANameWithItsExtensionAndTypeHint() async throws {
        let media = try await fetch("/media/image/jpeg/2048")
        #expect(media.type.kind == .image)
        #expect(media.type.typeHint == "public.jpeg")
        #expect(media.file.pathExtension == "jpg")
        #expect(media.bytes == 2048)
        #expect(FileManager.default.contents(atPath: media.file.path)?.count == 2048)
        let png = try await fetch("/media/image/png%3B%20charset%3Dbinary/10")
        #expect(png.type.typeHint == "public.png")
        let audio = try await fetch("/media/audio/mpeg/100")
        #expect(audio.type.kind == .audio)
        #expect(audio.file.pathExtension == "mp3")
        let video = try await fetch("/media/video/mp4/100")
        #expect(video.type.kind == .video)
    }

    @Test func filesOverApplesLimitsAreRefused() async throws {
        await #expect(throws: MediaDownload.Failure.tooLarge(bytes: 10_000_001, limit: 10_000_000)) {
            _ = try await fetch("/media/image/jpeg/10000001")
        }
        _ = try await fetch("/media/image/jpeg/10000000")
        await #expect(throws: MediaDownload.Failure.tooLarge(bytes: 5_000_001, limit: 5_000_000)) {
            _ = try await fetch("/media/audio/mpeg/5000001")
        }
    }

    @Test func whatIOSCannotShowOrCouldNotBeFetchedIsAFailure() async throws {
        await #expect(throws: MediaDownload.Failure.unsupportedType("text/html")) {
            _ = try await fetch("/media/text/html/10")
        }
        await #expect(throws: MediaDownload.Failure.status(404)) { _ = try await fetch("/status/404") }
        await #expect(throws: MediaDownload.Failure.notHTTPS(url("/media/image/png/1").absoluteString)) {
            _ = try await MediaDownload().fetch(url("/media/image/png/1"), into: folder)
        }
        await #expect(throws: MediaDownload.Failure.self) {
            _ = try await MediaDownload(allowsHTTP: true).fetch(URL(string: "http://127.0.0.1:1/x.png")!, into: folder)
        }
    }

    @Test func aServerSlowerThanTheBudgetIsGivenUpOnWithinIt() async throws {
        let started = Date()
        await #expect(throws: MediaDownload.Failure.self) { _ = try await fetch("/slow/30", budget: .seconds(1)) }
        // The server answers after 30 s: finishing well before that is giving up, not waiting.
        #expect(Date().timeIntervalSince(started) < 25)
    }

    @Test func aServerThatLeavesTheTypeOpenIsReadByExtensionOrFirstBytes() async throws {
        let byExtension = try await fetch("/octet/photo.JPG")
        #expect(byExtension.type.typeHint == "public.jpeg")
        #expect(byExtension.file.pathExtension == "jpg")
        let byBytes = try await fetch("/octet/magic")
        #expect(byBytes.type.typeHint == "public.png")
        await #expect(throws: MediaDownload.Failure.unsupportedType("application/octet-stream")) {
            _ = try await fetch("/octet/unknown")
        }
    }

    /// A server that declares 20 MB, sends a little and then nothing: waiting for the body would
    /// end in the budget's timeout; refusing the head ends in `tooLarge` with the declared size.
    @Test(.timeLimit(.minutes(1)))
    func aContentLengthOverTheLimitIsRefusedBeforeTheBodyIsRead() async throws {
        let server = try StallingServer(contentType: "image/jpeg", declaredBytes: 20_000_000)
        defer { server.stop() }
        await #expect(throws: MediaDownload.Failure.tooLarge(bytes: 20_000_000, limit: 10_000_000)) {
            _ = try await MediaDownload(budget: .seconds(30), allowsHTTP: true).fetch(
                URL(string: "http://127.0.0.1:\(server.port)/big.jpg")!, into: folder)
        }
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        #expect(leftovers.isEmpty, "nothing kept of a refused download: \(leftovers)")
    }

    @Test(.timeLimit(.minutes(1)))
    func cancellingTheCallerStopsTheDownload() async throws {
        let download = Task { try await fetch("/slow/30", budget: .seconds(50)) }
        try await Task.sleep(for: .milliseconds(300))
        download.cancel()
        await #expect(throws: MediaDownload.Failure.self) { _ = try await download.value }
    }
}

/// A raw HTTP server (Python, as the test machines have it) that answers every request with a head
/// declaring `declaredBytes`, a kilobyte of body, and then silence.
final class StallingServer: Sendable {
    let port: Int
    private let process: Process

    init(contentType: String, declaredBytes: Int) throws {
        let script = """
            import socket, sys, time, threading
            listener = socket.socket()
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            listener.bind(("127.0.0.1", 0))
            listener.listen(8)
            print(listener.getsockname()[1], flush=True)
            def serve(connection):
                connection.recv(65536)
                connection.sendall(b"HTTP/1.1 200 OK\\r\\nContent-Type: \(contentType)\\r\\n"
                                   b"Content-Length: \(declaredBytes)\\r\\n\\r\\n" + b"\\xff" * 1024)
                time.sleep(120)
            while True:
                connection, _ = listener.accept()
                threading.Thread(target=serve, args=(connection,), daemon=True).start()
            """
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            kill(process.processIdentifier, SIGKILL)
            throw CocoaError(.fileReadCorruptFile)
        }
        self.port = port
    }

    /// SIGKILL, not `terminate()`: a child spawned from a dispatch thread inherits its blocked
    /// signals, SIGTERM among them, and would outlive the test (waited for forever).
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
