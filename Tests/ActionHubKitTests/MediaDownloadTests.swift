import ActionHubKit
import Basics
import Foundation
import HTTP
import HTTPServer
import Testing

/// Serves `/media/<content type>/<bytes>` with that Content-Type and that many bytes,
/// `/status/<code>`, and `/slow/<seconds>` that answers after a pause.
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
}
