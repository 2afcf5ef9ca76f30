import Basics
import Foundation
import JSON

/// The use case behind `POST /v1/responses`: validate against the routes, let the route's handler
/// plan its effects (here, on the caller's thread), store event and effects exactly once, and give
/// back the answer.
public struct ResponseService: Sendable {
    public let routes: RouteTable
    public let handlers: HandlerRegistry
    public let store: any ResponseStore
    /// Makes the calls of `call` routes; nil only where no route calls.
    let caller: (any BackendCaller)?
    private let validator: ResponseValidator
    private let now: @Sendable () -> Date

    public init(
        routes: RouteTable, store: any ResponseStore, caller: (any BackendCaller)? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        precondition(caller != nil || !routes.makesCalls, "routes with call handlers need a BackendCaller")
        self.routes = routes
        self.caller = caller
        self.handlers = routes.handlers
        self.store = store
        self.validator = ResponseValidator(routes: routes)
        self.now = now
    }

    /// The answer to a submitted response.
    public struct Submission: Sendable, Equatable {
        /// The response id, canonical.
        public var id: String
        /// The answer body, as stored.
        public var body: String
        /// True for a retry of a stored response, answered from storage.
        public var isReplay: Bool
        /// Where the route table sent it, for metrics.
        public var route: RouteKey

        public init(id: String, body: String, isReplay: Bool, route: RouteKey) {
            self.id = id
            self.body = body
            self.isReplay = isReplay
            self.route = route
        }
    }

    /// A request that does not fit its route throws `ValidationFailure` at once, and one its
    /// handler refuses `HandlerRefusal`; otherwise what arrives, once the commit is durable, is the
    /// submission or why there is none (`ResponseConflict` for a known id with other content, the
    /// store's errors).
    public func submit(_ body: JSONValue) throws -> Deferred<Result<Submission, any Error>> {
        let receivedAt = now()
        let event = try validator.validate(body, receivedAt: Timestamp.format(receivedAt))
        guard let handler = handlers.handler(named: event.action.handler) else {
            // RouteLoader only accepts routes whose handler is registered.
            preconditionFailure("route names unregistered handler \(event.action.handler)")
        }
        let plan = try handler.plan(event)
        let key = NewResponse(
            id: event.id, userId: event.userId, category: event.category.identifier, action: event.actionIdentifier,
            fingerprint: event.fingerprint, lockKey: plan.lockKey, notification: event.notificationDocument,
            receivedAt: Timestamp.milliseconds(receivedAt))
        if case .call(let call) = plan { return try submitCall(call, event: event, key: key) }
        // Only the plan's effects and the answer's layout run in the store's transaction.
        let recorded = store.record(key) { effects in
            Self.answer(for: event, result: try plan.apply(to: effects))
        }
        return Self.submission(recorded, id: event.id, route: event.routeKey)
    }

    /// What a store's record came to, as the submission answered.
    static func submission(_ recorded: Deferred<Result<RecordResult, any Error>>, id: String, route: RouteKey)
        -> Deferred<Result<Submission, any Error>>
    {
        recorded.map { recorded in
            recorded.flatMap { recorded in
                switch recorded {
                case .created(let answer): .success(Submission(id: id, body: answer, isReplay: false, route: route))
                case .replayed(let answer): .success(Submission(id: id, body: answer, isReplay: true, route: route))
                case .conflict: .failure(ResponseConflict(id: id, route: route))
                case .erased: .failure(ResponseErased(id: id, route: route))
                }
            }
        }
    }

    /// The body of a `201`, stored with the event and given again for retries and history.
    /// `receipt`, for a result a backend answered, says so in the stored answer.
    static func answer(for event: ActionEvent, result: JSONObject, receipt: CallReceipt? = nil) -> String {
        var json = JSONWriter(capacity: 320)
        json.object { json in
            json.key("id")
            json.string(event.id)
            json.key("actionIdentifier")
            json.string(event.actionIdentifier)
            json.key("category")
            json.string(event.category.identifier)
            json.key("handler")
            json.string(event.action.handler)
            json.key("userId")
            json.string(event.userId)
            json.key("postId")
            json.string(event.postId)
            if let subject = event.subject {
                json.key("subject")
                json.object { subjectJSON in
                    subjectJSON.key("key")
                    subjectJSON.string(subject.key)
                    subjectJSON.key("id")
                    subjectJSON.string(subject.id)
                }
            }
            json.key("receivedAt")
            json.string(event.receivedAt)
            if let receipt {
                json.key("call")
                json.object { call in
                    call.key("status")
                    call.integer(receipt.status)
                    call.key("durationMs")
                    call.integer(Int(receipt.duration / .milliseconds(1)))
                }
            }
            json.key("result")
            json.value(.object(result))
        }
        return json.text
    }
}
