import ActionHubDomain
import Basics
import Foundation
import JSON
import SQLiteStore
import TestSupport
import Testing

/// After an erasure the erased text is in no byte of the database, its log, its shared memory or
/// a backup made afterwards, while another user's text still is (the search works).
@Suite struct ErasureBytesTests {
    static func reply(user: String, post: String, text: String) -> JSONValue {
        .object([
            "id": .string(UUID().uuidString), "actionIdentifier": .string("reply"), "userId": .string(user),
            "userText": .string(text),
            "notification": .object([
                "identifier": .string("push-1"), "categoryIdentifier": .string("social_post"),
                "date": .string("2026-12-01T09:00:00Z"), "userInfo": .object(["postId": .string(post)]),
            ]),
        ])
    }

    @Test func anErasedUsersTextIsInNoFileAndNoNewBackup() throws {
        let path = TemporaryDatabase.path()
        let database = try SQLiteDatabase(path: path)
        let webhooks = try database.webhookStore()
        // An endpoint that never answers: the erased events' deliveries wait in the outbox.
        try webhooks.create(
            WebhookEndpoint(
                id: "silent", url: "http://127.0.0.1:9/silent", events: ["*"], createdAt: "2026-12-01T00:00:00.000Z"),
            secret: "whsec_dGVzdA==")
        let store = try database.responseStore()
        let routes = try RouteLoader(handlers: .standard).load(directory: LiveServer.repositoryRoutes)
        let service = ResponseService(routes: routes, store: store)
        let (erased, kept) = ("ERASE-\(UUID().uuidString)", "KEEP-\(UUID().uuidString)")
        // Others' replies around the erased user's, so that the pages holding them split and
        // move while they are there.
        var pending: [Deferred<Result<ResponseService.Submission, any Error>>] = []
        for index in 0..<3_000 {
            let (user, text) =
                switch index % 100 {
                case 7: ("ann", "\(erased) #\(index)")
                case 8: ("bob", "\(kept) #\(index)")
                default: ("u-\(index % 13)", String(repeating: "filler \(index) ", count: 8))
                }
            pending.append(try service.submit(Self.reply(user: user, post: "p-\(index % 5)", text: text)))
        }
        for submission in pending { _ = try submission.wait().get() }

        let counts = try store.erase(userId: "ann")
        #expect(counts.events == 30 && counts.replies == 30 && counts.webhookDeliveries == 30)
        let backup = path + ".after-erasure"
        _ = try SQLiteBackup.run(from: path, to: backup)

        let files = [path, path + "-wal", path + "-shm", backup]
        var all = Data()
        for file in files {
            let bytes = FileManager.default.contents(atPath: file) ?? Data()
            #expect(bytes.range(of: Data(erased.utf8)) == nil, "\(file) still holds the erased text")
            all.append(bytes)
        }
        #expect(all.range(of: Data(kept.utf8)) != nil, "the other user's text is found: the search works")
        store.close()
        webhooks.close()
    }
}
