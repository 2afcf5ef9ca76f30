import ActionHubKit
import Basics
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The background session's bookkeeping, driven through its delegate methods as the system calls
/// them after a relaunch: a task this launch did not make, carrying its entry id.
@Suite struct BackgroundSessionTransportTests {
    static func relaunchedTask(id: String, uploads: URL) throws -> (URLSession, URLSessionUploadTask) {
        let file = uploads.appendingPathComponent("\(id).json")
        try Data("{}".utf8).write(to: file)
        let session = URLSession(configuration: .ephemeral)
        var request = URLRequest(url: URL(string: "http://127.0.0.1:9/v1/responses")!)
        request.httpMethod = "POST"
        let task = session.uploadTask(with: request, fromFile: file)
        task.taskDescription = id
        return (session, task)
    }

    static func answer(
        _ transport: BackgroundSessionTransport, _ session: URLSession, _ task: URLSessionUploadTask, status: Int,
        body: String
    ) {
        let response = HTTPURLResponse(
            url: URL(string: "http://127.0.0.1:9/v1/responses")!, statusCode: status, httpVersion: "HTTP/1.1",
            headerFields: ["Content-Type": "application/json"])!
        transport.urlSession(session, dataTask: task, didReceive: response) { _ in }
        transport.urlSession(session, dataTask: task, didReceive: Data(body.utf8))
        transport.urlSession(session, task: task, didCompleteWithError: nil)
    }

    @Test func anAnswerAfterARelaunchReachesTheHubAndItsUploadFileIsDeleted() async throws {
        let uploads = KitFixtures.folder()
        let folder = KitFixtures.folder()
        let ids = try await DeliveryGuaranteesTests.backlog(1, in: folder)
        let transport = try BackgroundSessionTransport(identifier: "test.actionhub", uploads: uploads)
        let (session, task) = try Self.relaunchedTask(id: ids[0], uploads: uploads)
        // The system delivers the events as soon as the session exists, before the hub does.
        Self.answer(
            transport, session, task, status: 201,
            body: #"{"id":"X","handler":"like","result":{"liked":true,"alreadyLiked":false,"likeCount":3}}"#)
        #expect(!FileManager.default.fileExists(atPath: uploads.appendingPathComponent("\(ids[0]).json").path))
        let hub = try DeliveryGuaranteesTests.hub(transport, folder: folder)
        #expect(await KitFixtures.waitUntil { hub.outbox.isEmpty })
        #expect(hub.failures().isEmpty)
        transport.invalidate()
    }

    @Test func answersAreHandedOverOnceWithTheirEntryIds() throws {
        let uploads = KitFixtures.folder()
        let transport = try BackgroundSessionTransport(identifier: "test.actionhub", uploads: uploads)
        let (session, task) = try Self.relaunchedTask(id: "E1", uploads: uploads)
        Self.answer(transport, session, task, status: 503, body: "")
        let seen = Locked<[(String, Int?)]>([])
        transport.deliverEarlierLaunchAnswers { id, answer in seen.withLock { $0.append((id, answer?.status)) } }
        let (_, later) = try Self.relaunchedTask(id: "E2", uploads: uploads)
        Self.answer(transport, session, later, status: 200, body: "{}")
        #expect(seen.withLock { $0.map(\.0) } == ["E1", "E2"])
        #expect(seen.withLock { $0.map(\.1) } == [503, 200])
        transport.invalidate()
    }

    @Test func itHandlesOnlyItsOwnSessionsEvents() throws {
        let transport = try BackgroundSessionTransport(identifier: "test.actionhub", uploads: KitFixtures.folder())
        #expect(transport.handleEvents(forBackgroundURLSession: "test.actionhub") {})
        #expect(!transport.handleEvents(forBackgroundURLSession: "com.example.other-sdk") {})
        #expect(BackgroundSessionTransport.identifier().hasSuffix(".actionhub"))
        transport.invalidate()
    }
}
