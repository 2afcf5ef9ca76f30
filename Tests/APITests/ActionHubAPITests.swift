import API
import ActionHubDomain
import ActionHubTesting
import Auth
import Basics
import Foundation
import HTTP
import JSON
import Telemetry
import Testing

@Suite struct ActionHubAPITests {
    let api: ActionHubAPI
    let access: AccessControl
    let adminKey: String

    var adminHeader: (name: String, value: String) { ("Authorization", "Bearer \(adminKey)") }

    init() throws {
        let routesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("routes").path
        let routes = try RouteLoader(handlers: .standard).load(directory: routesDirectory)
        let keys = InMemoryKeyStore()
        adminKey = try KeyIssuer(store: keys).create(name: "test", scopes: [.admin]).secret
        access = AccessControl(
            authenticator: Authenticator(keys: keys, tokens: try TokenSigner(secret: Array(repeating: 7, count: 32))))
        api = ActionHubAPI(
            service: ResponseService(routes: routes, store: InMemoryResponseStore()), access: access,
            webhooks: InMemoryWebhookRegistry())
    }

    static func like(id: String = UUID().uuidString, user: String = "u-1") -> [UInt8] {
        Array(
            """
            {"id": "\(id)", "actionIdentifier": "like", "userId": "\(user)",
             "notification": {"identifier": "push-1", "categoryIdentifier": "social_post",
               "date": "2026-11-30T09:00:00Z", "userInfo": {"postId": "p-1"}}}
            """.utf8)
    }

    func post(_ body: [UInt8], contentType: String? = "application/json") -> HTTPResponse {
        api.respond(
            to: HTTPRequest(
                method: "POST", path: "/v1/responses",
                headers: [adminHeader] + (contentType.map { [("Content-Type", $0)] } ?? []), body: body)
        ).wait()
    }

    func get(_ path: String, query: [(name: String, value: String)] = []) -> HTTPResponse {
        api.respond(to: HTTPRequest(method: "GET", path: path, query: query, headers: [adminHeader])).wait()
    }

    func json(_ response: HTTPResponse) throws -> JSONValue {
        try JSONParser().parse(response.body)
    }

    func expectProblem(_ response: HTTPResponse, status: Int, field: String? = nil) throws {
        #expect(response.status == status)
        #expect(response.header("Content-Type") == "application/problem+json")
        let problem = try json(response)
        #expect(problem["status"] == JSONValue(status))
        #expect(problem["type"]?.stringValue?.hasPrefix("urn:actionhub:problem:") == true)
        #expect(problem["title"]?.stringValue?.isEmpty == false)
        #expect(problem["detail"]?.stringValue?.isEmpty == false)
        if let field {
            #expect(problem["errors"]?.arrayValue?.contains { $0["field"] == .string(field) } == true)
        }
    }

    @Test func createdThenReplayedWithTheSameBody() throws {
        let id = UUID().uuidString
        let created = post(Self.like(id: id))
        #expect(created.status == 201)
        #expect(created.header("Content-Type") == "application/json")
        #expect(created.header("Location") == "/v1/responses/\(id)")
        let replayed = post(Self.like(id: id))
        #expect(replayed.status == 200)
        #expect(replayed.header("Idempotent-Replayed") == "true")
        #expect(replayed.body == created.body)
        #expect(get("/v1/responses/\(id.lowercased())").body == created.body)
    }

    /// An enum or boolean parameter given empty is a mistake, not a request for the default.
    @Test func emptyEnumAndBooleanParametersAre422NamingThem() throws {
        try expectProblem(get("/v1/events", query: [("latest", "")]), status: 422, field: "latest")
        try expectProblem(
            get("/v1/stats", query: [("category", "social_post"), ("bucket", "")]), status: 422, field: "bucket")
        try expectProblem(
            get("/v1/stats/posts", query: [("category", "social_post"), ("by", "")]), status: 422, field: "by")
        try expectProblem(
            get("/v1/stats/subjects", query: [("category", "meeting_invite"), ("by", "")]), status: 422, field: "by")
    }

    @Test func conflictingRetryIs409() throws {
        let id = UUID().uuidString
        _ = post(Self.like(id: id))
        try expectProblem(post(Self.like(id: id, user: "u-2")), status: 409, field: "id")
    }

    @Test func mediaTypeAndSyntaxErrors() throws {
        try expectProblem(post(Self.like(), contentType: "text/plain"), status: 415, field: "Content-Type")
        try expectProblem(post(Self.like(), contentType: nil), status: 415)
        try expectProblem(post(Self.like(), contentType: "application/json; charset=latin1"), status: 415)
        #expect(post(Self.like(), contentType: "application/json;charset=UTF-8").status == 201)
        try expectProblem(post(Array("{".utf8)), status: 400)
        try expectProblem(post([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D]), status: 400)
        try expectProblem(post([]), status: 400)
    }

    @Test func aBodyOfManyUnknownKeysGetsTheFirstTwentyListedNotAnAnswerLargerThanItself() throws {
        let unknown = (0..<6000).map { #""k\#($0)": 0"# }.joined(separator: ", ")
        let body = Array(Self.like().dropLast()) + Array(", \(unknown)}".utf8)
        let response = post(body)
        try expectProblem(response, status: 422, field: "k0")
        let problem = try json(response)
        let fields = problem["errors"]?.arrayValue?.compactMap { $0["field"]?.stringValue } ?? []
        #expect(fields.count == 20)
        #expect(fields.prefix(20) == ArraySlice((0..<20).map { "k\($0)" }))
        #expect(problem["detail"]?.stringValue?.hasSuffix("k18, k19 and 5980 more.") == true)
        #expect(response.body.count < 4096)
        try expectProblem(post(Array(#"{"id": 1}"#.utf8)), status: 422, field: "notification")
        #expect(try json(post(Array(#"{"id": 1}"#.utf8)))["detail"]?.stringValue?.contains("more") == false)
    }

    @Test func anOversizedBodyIs413ProblemJSON() throws {
        let request = HTTPRequest(method: "POST", path: "/v1/responses")
        try expectProblem(api.respond(to: .bodyTooLarge(limit: 65_536), request: request), status: 413)
    }

    @Test func unknownPathsAndMethods() throws {
        try expectProblem(get("/v1/nope"), status: 404)
        try expectProblem(get("/v1/responses/\(UUID().uuidString)"), status: 404)
        let wrongMethod = api.respond(to: HTTPRequest(method: "PUT", path: "/v1/categories", headers: [adminHeader]))
            .wait()
        try expectProblem(wrongMethod, status: 405)
        #expect(wrongMethod.header("Allow") == "GET, HEAD")
    }

    @Test func pageParametersAreValidated() throws {
        try expectProblem(get("/v1/posts/p-1/likes", query: [("limit", "201")]), status: 422, field: "limit")
        try expectProblem(
            get("/v1/posts/p-1/likes", query: [("limit", "1"), ("limit", "2")]), status: 422, field: "limit")
        try expectProblem(get("/v1/posts/p-1/replies", query: [("cursor", "abc")]), status: 422, field: "cursor")
        #expect(get("/v1/posts/p-1/likes", query: [("limit", "200")]).status == 200)
    }

    @Test func historyShapes() throws {
        let id = UUID().uuidString
        _ = post(Self.like(id: id))
        let likes = try json(get("/v1/posts/p-1/likes"))
        #expect(likes.objectValue?.keys == ["postId", "likeCount", "items", "nextCursor"])
        #expect(likes["items"]?.arrayValue?.first?.objectValue?.keys == ["userId", "responseId", "likedAt"])
        let history = try json(get("/v1/users/u-1/responses"))
        #expect(history["items"]?.arrayValue?.first?["id"] == .string(id))
        #expect(history["nextCursor"] == .null)
        let replies = try json(get("/v1/posts/p-1/replies"))
        #expect(
            replies
                == .object([
                    "postId": .string("p-1"), "replyCount": JSONValue(0), "items": .array([]), "nextCursor": .null,
                ]))
        #expect(try json(get("/healthz")) == .object(["status": .string("ok")]))
        #expect(try json(get("/v1/categories"))["categories"]?.arrayValue?.count == 2)
    }

    @Test func aStoreFailureIs503WithRetryAfterAndIsReported() throws {
        struct DiskFull: Error {}
        final class FailingStore: ResponseStore {
            func record(
                _ response: NewResponse, perform: @escaping @Sendable (any ActionEffects) throws -> String
            ) -> Deferred<Result<RecordResult, any Error>> { .ready(.failure(DiskFull())) }
            func checkReadiness() throws { throw DiskFull() }
            func response(id: String) throws -> String? { throw DiskFull() }
            func likes<Rows: LikeRows & ~Copyable>(postId: String, page: PageRequest, into rows: inout Rows) throws
                -> PageCursor?
            { throw DiskFull() }
            func replies<Rows: ReplyRows & ~Copyable>(postId: String, page: PageRequest, into rows: inout Rows) throws
                -> PageCursor?
            { throw DiskFull() }
            func responses(userId: String, filter: ResponseFilter, page: PageRequest) throws -> Page<String> {
                throw DiskFull()
            }
            func feed(after cursor: FeedCursor, filter: ResponseFilter, limit: Int) throws -> FeedPage {
                throw DiskFull()
            }
            func latestFeed(filter: ResponseFilter, limit: Int) throws -> FeedPage { throw DiskFull() }
            func stats(_ query: StatsQuery) throws -> StatsReport { throw DiskFull() }
            func topPosts(category: String, by ranking: PostRanking, limit: Int) throws -> [PostTally] {
                throw DiskFull()
            }
            func rebuildStats() throws { throw DiskFull() }
            func erase(userId: String) throws -> ErasedCounts { throw DiskFull() }
            func wasErased(id: String) throws -> Bool { throw DiskFull() }
            func pruneEvents(receivedBefore cutoff: Int64, limit: Int) throws -> Int { throw DiskFull() }
            func register(_ device: Device) throws -> Bool { throw DiskFull() }
            func devices(userId: String) throws -> [Device] { throw DiskFull() }
            func device(token: String) throws -> Device? { throw DiskFull() }
            func removeDevice(token: String) throws -> Bool { throw DiskFull() }
            func personalData(userId: String, kind: PersonalDataKind, after position: Int64, limit: Int) throws
                -> [(position: Int64, json: String)]
            { throw DiskFull() }
            func subjectCounts(_ subject: SubjectRef) throws -> SubjectCounts { throw DiskFull() }
            func subjectState(_ subject: SubjectRef, userId: String) throws -> SubjectUserState { throw DiskFull() }
            func members(of subject: SubjectRef, set: String, page: PageRequest) throws -> Page<Membership> {
                throw DiskFull()
            }
            func answers(of subject: SubjectRef, choice: String, page: PageRequest) throws -> Page<ChoiceAnswer> {
                throw DiskFull()
            }
            func entries(of subject: SubjectRef, list: String, page: PageRequest) throws -> Page<ListEntry> {
                throw DiskFull()
            }
            func topSubjects(_ ranking: SubjectRanking) throws -> [SubjectTally] { throw DiskFull() }
        }
        let reports = ReportLog()
        let failing = ActionHubAPI(
            service: ResponseService(routes: api.service.routes, store: FailingStore()), access: access,
            webhooks: InMemoryWebhookRegistry(),
            telemetry: Telemetry(logger: Logger(level: .info) { reports.append($0) }))
        let response = failing.respond(
            to: HTTPRequest(
                method: "POST", path: "/v1/responses", headers: [("Content-Type", "application/json"), adminHeader],
                body: Self.like())
        ).wait()
        try expectProblem(response, status: 503)
        #expect(response.header("Retry-After") == "1")
        let lines = try reports.messages.map { try JSONParser().parse($0) }
        #expect(lines.map { $0["msg"] } == [.string("storage failure"), .string("request")])
        #expect(lines.first?["error"]?.stringValue?.contains("DiskFull") == true)
        #expect(lines.last?["status"] == JSONValue(503))

        let readiness = failing.respond(to: HTTPRequest(method: "GET", path: "/readyz")).wait()
        try expectProblem(readiness, status: 503)
    }

    @Test func everyAnswerCarriesARequestIdAndEachRequestLogsOneLineWithoutUserData() throws {
        let reports = ReportLog()
        let logged = ActionHubAPI(
            service: api.service, access: access, webhooks: InMemoryWebhookRegistry(),
            telemetry: Telemetry(logger: Logger(level: .info) { reports.append($0) }))
        let given = logged.respond(
            to: HTTPRequest(
                method: "POST", path: "/v1/responses",
                headers: [("Content-Type", "application/json"), ("X-Request-Id", "trace-7"), adminHeader],
                body: Array(
                    """
                    {"id": "\(UUID().uuidString)", "actionIdentifier": "reply", "userId": "u-secret",
                     "userText": "a very private reply", "notification": {"identifier": "push-1",
                     "categoryIdentifier": "social_post", "date": "2026-11-30T09:00:00Z", "userInfo": {"postId": "p-1"}}}
                    """.utf8))
        ).wait()
        #expect(given.status == 201)
        #expect(given.header("X-Request-Id") == "trace-7")
        let made = logged.respond(
            to: HTTPRequest(method: "GET", path: "/healthz", headers: [("X-Request-Id", "bad id\u{1}")])
        ).wait()
        #expect(made.header("X-Request-Id")?.count == 36)
        #expect(UUIDText.canonical(made.header("X-Request-Id") ?? "") != nil)
        #expect(reports.messages.count == 2)
        let line = try JSONParser().parse(reports.messages[0])
        #expect(
            line.objectValue?.keys == [
                "time", "level", "msg", "requestId", "method", "route", "status", "durationMs", "bytes",
            ])
        #expect(line["requestId"] == .string("trace-7"))
        #expect(line["route"] == .string("/v1/responses"))
        #expect(!reports.messages.joined().contains("private"))
        #expect(!reports.messages.joined().contains("u-secret"))
    }
}

final class ReportLog: Sendable {
    private let storage = Locked<[String]>([])
    func append(_ message: String) { storage.withLock { $0.append(message) } }
    var messages: [String] { storage.withLock { $0 } }
}
