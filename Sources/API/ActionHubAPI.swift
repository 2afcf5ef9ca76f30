import ActionHub
import Auth
import Foundation
import HTTPServer
import JSON
import Locking
import Telemetry

/// The HTTP API of ActionHub: routes requests to the response service and writes JSON answers
/// and problem documents, with a request id, a log line and metrics for each. Runs in-process in
/// tests, behind `HTTPServer` in production.
public struct ActionHubAPI: HTTPResponder {
    public let service: ResponseService
    public let access: AccessControl
    public let telemetry: Telemetry
    let router: Router<Endpoint>
    /// Values read at scrape time (database size, open connections, build info).
    let gauges: @Sendable () -> [MetricsRegistry.Gauge]

    public init(
        service: ResponseService, access: AccessControl,
        telemetry: Telemetry = Telemetry(logger: Logger(level: .error, write: { _ in })),
        gauges: @escaping @Sendable () -> [MetricsRegistry.Gauge] = { [] }
    ) {
        self.service = service
        self.access = access
        self.telemetry = telemetry
        self.gauges = gauges
        var router = Router<Endpoint>()
        router.add("POST", "/v1/responses", .submitResponse)
        router.add("GET", "/v1/responses/{id}", .response)
        router.add("GET", "/v1/posts/{postId}/likes", .postLikes)
        router.add("GET", "/v1/posts/{postId}/replies", .postReplies)
        router.add("GET", "/v1/users/{userId}/responses", .userResponses)
        router.add("GET", "/v1/categories", .categories)
        router.add("GET", "/healthz", .health)
        router.add("GET", "/readyz", .readiness)
        router.add("GET", "/metrics", .metrics)
        router.add("POST", "/v1/tokens", .issueToken)
        router.add("GET", "/openapi.yaml", .openAPI)
        self.router = router
    }

    /// Every route the API serves, as method and template.
    public var routes: [(method: String, template: String)] { router.templates }

    /// The route label of requests that match no route: paths are not labels.
    static let unmatchedRoute = "unmatched"

    /// Answers on the calling thread, waiting for the commit of a submitted response.
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        let make = waitForCompletion { later in
            if let answered = respond(to: request, later: later) { later { answered } }
        }
        return make()
    }

    /// Answers at once, except a submitted response: that is answered through `later` once its
    /// commit is durable, so that no server thread waits for the disk.
    public func respond(to request: HTTPRequest, later: @escaping LaterResponse) -> HTTPResponse? {
        let started = ContinuousClock.now
        let requestId = RequestId.take(from: request)
        var route = Self.unmatchedRoute
        var response: HTTPResponse
        switch router.match(method: request.method, path: request.path) {
        case .notFound:
            response = Problem.notFound("No resource at \(request.path).").response
        case .methodNotAllowed(let allowed):
            response = Problem.methodNotAllowed(request.method, allowed: allowed).response
        case .found(.submitResponse, _, let template):
            route = template
            do {
                let principal = try admit(request, to: .submitResponse, requestId: requestId)
                try submitResponse(request, principal: principal) { outcome in
                    // On the store's writer thread: the response is made on a server thread.
                    later {
                        let response: HTTPResponse
                        do {
                            response = try self.answer(outcome.get())
                        } catch {
                            response = self.answer(error, endpoint: .submitResponse, requestId: requestId)
                        }
                        return self.finish(
                            response, to: request, route: template, requestId: requestId, started: started)
                    }
                }
                return nil
            } catch {
                response = answer(error, endpoint: .submitResponse, requestId: requestId)
            }
        case .found(let endpoint, let parameters, let template):
            route = template
            response = respond(endpoint, to: request, parameters: parameters, requestId: requestId)
        }
        return finish(response, to: request, route: route, requestId: requestId, started: started)
    }

    public func respond(to failure: HTTPRequestFailure, request: HTTPRequest) -> HTTPResponse {
        let started = ContinuousClock.now
        let requestId = RequestId.take(from: request)
        var route = Self.unmatchedRoute
        if case .found(_, _, let template) = router.match(method: request.method, path: request.path) {
            route = template
        }
        let response: HTTPResponse
        switch failure {
        case .bodyTooLarge(let limit):
            response = Problem.bodyTooLarge(limit: limit).response
        case .malformed(let reason):
            response = Problem.malformedRequest(reason).response
        case .shuttingDown:
            response = Problem.shuttingDown.response
        }
        if route == "/v1/responses" { countResponse(service.routes.routeKey(for: nil), outcome: "rejected") }
        return finish(response, to: request, route: route, requestId: requestId, started: started)
    }

    /// Adds the request id, then logs and counts the exchange. The log line holds no body, query
    /// or header value other than the request id.
    private func finish(
        _ response: HTTPResponse, to request: HTTPRequest, route: String, requestId: String,
        started: ContinuousClock.Instant
    ) -> HTTPResponse {
        var response = response
        response.headers.append(("X-Request-Id", requestId))
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let method = Self.methodLabel(request.method)
        telemetry.metrics.record(
            .increment(Telemetry.Name.httpRequests, [route, method, String(response.status)], by: 1),
            .observe(Telemetry.Name.httpDuration, [route], seconds))
        telemetry.logger.info(
            "request",
            [
                "requestId": .string(requestId), "method": .string(method), "route": .string(route),
                "status": JSONValue(response.status), "durationMs": .number(Self.milliseconds(seconds)),
                "bytes": JSONValue(response.body.count),
            ])
        return response
    }

    /// `1.234` for 1.234 ms: microsecond precision, without Foundation's format machinery on the
    /// hot path.
    static func milliseconds(_ seconds: Double) -> String {
        let microseconds = max(0, Int((seconds * 1_000_000).rounded()))
        let fraction = String(microseconds % 1000)
        return "\(microseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// Standard methods by name; anything else is one label, so clients cannot grow the set.
    static func methodLabel(_ method: String) -> String {
        ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].contains(method) ? method : "other"
    }

    private func countResponse(_ route: RouteKey, outcome: String) {
        telemetry.metrics.increment(Telemetry.Name.responses, [route.category, route.action, route.handler, outcome])
    }

    private func respond(
        _ endpoint: Endpoint, to request: HTTPRequest, parameters: [String: String], requestId: String
    ) -> HTTPResponse {
        do {
            let principal = try admit(request, to: endpoint, requestId: requestId)
            return try respond(endpoint, to: request, parameters: parameters, principal: principal)
        } catch {
            return answer(error, endpoint: endpoint, requestId: requestId)
        }
    }

    /// The answer to a request that failed with `error`.
    private func answer(_ error: any Error, endpoint: Endpoint, requestId: String) -> HTTPResponse {
        switch error {
        case let problem as ProblemError:
            return problem.problem.response
        case let failure as ValidationFailure:
            return Problem.validation(failure.errors).response
        case let conflict as ResponseConflict:
            countResponse(conflict.route, outcome: "conflict")
            return Problem.conflict(id: conflict.id).response
        default:
            // Store failures: nothing was committed, so the client must retry; the cause is for
            // the operator, not the client.
            telemetry.logger.error(
                "storage failure",
                ["requestId": .string(requestId), "endpoint": .string(endpoint.name), "error": .string("\(error)")])
            return Problem.storageUnavailable.response
        }
    }

    /// Authenticates, rate-limits and checks the endpoint's requirement, throwing the problem to
    /// answer with. The principal is nil for open endpoints.
    private func admit(_ request: HTTPRequest, to endpoint: Endpoint, requestId: String) throws -> Principal? {
        let requirement = AccessControl.requirement(for: endpoint)
        if case .none = requirement { return nil }
        let principal: Principal
        switch try access.authenticator.authenticate(request.header("Authorization")) {
        case .success(let authenticated):
            principal = authenticated
        case .failure(let failure):
            if case .invalid(let reason) = failure {
                telemetry.logger.info(
                    "credential refused", ["requestId": .string(requestId), "reason": .string(reason)])
            }
            let invalid = if case .invalid = failure { true } else { false }
            throw ProblemError(.unauthorized(invalidToken: invalid))
        }
        if let limiter = access.rateLimiter, let delay = limiter.delay(for: principal.rateLimitKey) {
            throw ProblemError(.tooManyRequests(retryAfter: delay))
        }
        switch (requirement, principal) {
        case (.none, _), (.anyone, _), (.scopeOrUser, .user):
            return principal
        case (.scopeOrUser(let scope), .service), (.scope(let scope), _):
            guard principal.allows(scope) else {
                throw ProblemError(.forbidden("This needs an API key with the scope \(scope.rawValue)."))
            }
            return principal
        }
    }

    private func respond(
        _ endpoint: Endpoint, to request: HTTPRequest, parameters: [String: String], principal: Principal?
    ) throws -> HTTPResponse {
        switch endpoint {
        case .submitResponse:
            preconditionFailure("respond(to:later:) answers submitted responses without waiting")
        case .response:
            let id = parameters["id"] ?? ""
            // A user sees only their own responses; others' look like unknown ids.
            guard let body = try service.response(id: id),
                Self.belongs(body, to: principal)
            else {
                throw ProblemError(.notFound("No response with id \(id)."))
            }
            return .json(body)
        case .postLikes:
            let postId = parameters["postId"] ?? ""
            let likes = try service.likes(postId: postId, page: try PageQuery.page(from: request))
            return .json(HistoryJSON.likes(likes, postId: postId))
        case .postReplies:
            let postId = parameters["postId"] ?? ""
            let replies = try service.replies(postId: postId, page: try PageQuery.page(from: request))
            return .json(HistoryJSON.replies(replies, postId: postId))
        case .userResponses:
            if case .user(let user) = principal, user != parameters["userId"] {
                throw ProblemError(.forbidden("A user token reads only its own user's responses."))
            }
            let filter = try PageQuery.filter(from: request)
            let page = try service.responses(
                userId: parameters["userId"] ?? "", filter: filter, page: try PageQuery.page(from: request))
            return .json(HistoryJSON.responses(page))
        case .categories:
            let documents = service.routes.categories.map { JSONValue.object($0.document) }
            return .json(JSONValue.object(["categories": .array(documents)]).serialized())
        case .health:
            return .json(#"{"status":"ok"}"#)
        case .readiness:
            do {
                try service.store.checkReadiness()
                return .json(#"{"status":"ready"}"#)
            } catch {
                telemetry.logger.error("not ready", ["error": .string(String(describing: error))])
                return Problem.notReady.response
            }
        case .issueToken:
            return try issueToken(request)
        case .openAPI:
            guard let document = OpenAPIDocument.text else {
                throw ProblemError(.notFound("The OpenAPI document was not installed with this build."))
            }
            return HTTPResponse(
                status: 200, headers: [("Content-Type", "application/yaml; charset=utf-8")], body: Array(document.utf8))
        case .metrics:
            return HTTPResponse(
                status: 200, headers: [("Content-Type", "text/plain; version=0.0.4; charset=utf-8")],
                body: Array(telemetry.metrics.exposition(gauges: gauges()).utf8))
        }
    }

    /// True when a key may read it, or the user is the one who responded.
    static func belongs(_ storedAnswer: String, to principal: Principal?) -> Bool {
        guard case .user(let user) = principal else { return true }
        return (try? JSONParser().parse(storedAnswer))?["userId"]?.stringValue == user
    }

    /// Checks and parses the body, then hands the event to the service; `completion` hears what
    /// became of it once it is committed. Throws what is wrong with the request before that.
    private func submitResponse(
        _ request: HTTPRequest, principal: Principal?,
        completion: @escaping @Sendable (Result<ResponseService.Submission, any Error>) -> Void
    ) throws {
        let contentType = request.header("Content-Type")
        guard let contentType, MediaType.isJSON(contentType) else {
            countResponse(service.routes.routeKey(for: nil), outcome: "rejected")
            throw ProblemError(.unsupportedMediaType(contentType))
        }
        var body: JSONValue
        do {
            body = try JSONParser().parse(request.body)
        } catch {
            countResponse(service.routes.routeKey(for: nil), outcome: "rejected")
            throw ProblemError(.malformedJSON(error.description))
        }
        if case .user(let user) = principal, case .object(var object) = body {
            // A user token speaks for its user: the body may name them, or leave userId out.
            switch object["userId"] {
            case nil, .null?: object["userId"] = .string(user)
            case .string(user)?: break
            default: throw ProblemError(.forbidden("A user token responds only as its own user.", field: "userId"))
            }
            body = .object(object)
        }
        do {
            try service.submit(body, completion: completion)
        } catch {
            countResponse(service.routes.routeKey(for: body), outcome: "rejected")
            throw error
        }
    }

    /// 201 with the stored answer for a new response, 200 with it for a retry.
    private func answer(_ submission: ResponseService.Submission) -> HTTPResponse {
        if submission.isReplay {
            countResponse(submission.route, outcome: "replayed")
            return .json(submission.body, status: 200, headers: [("Idempotent-Replayed", "true")])
        }
        countResponse(submission.route, outcome: "created")
        return .json(submission.body, status: 201, headers: [("Location", "/v1/responses/\(submission.id)")])
    }
}

/// A problem to answer with, thrown from inside an endpoint.
struct ProblemError: Error {
    var problem: Problem

    init(_ problem: Problem) {
        self.problem = problem
    }
}

extension HTTPResponse {
    static func json(_ body: String, status: Int = 200, headers: [(name: String, value: String)] = []) -> HTTPResponse {
        json(Array(body.utf8), status: status, headers: headers)
    }

    /// For text written as bytes (`JSONWriter`): sent as it is, without a round trip through String.
    static func json(_ body: [UInt8], status: Int = 200, headers: [(name: String, value: String)] = []) -> HTTPResponse
    {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json")] + headers, body: body)
    }
}
