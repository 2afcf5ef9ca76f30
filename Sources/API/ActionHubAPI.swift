import ActionHubDomain
import Auth
import Basics
import HTTP
import JSON
import Telemetry
import Webhooks

/// The HTTP API of ActionHub: routes each request to its endpoint's handler after admitting the
/// caller, turns what a handler throws into a problem document, and gives every answer a request
/// id, a log line and metrics. Runs in-process in tests, behind `HTTPServer` in production.
///
/// The endpoints live in groups, each in its own file with its route list and handlers:
/// `+Responses` (submit and read back), `+History`, `+Events`, `+Tokens`, `+Webhooks` and
/// `+Operations`.
public struct ActionHubAPI: HTTPResponder {
    public let service: ResponseService
    public let access: AccessControl
    public let telemetry: Telemetry
    /// Webhook endpoints, registered against the service's routes.
    public let webhooks: WebhookEndpoints
    /// Pushes: the store, and whether APNs is configured; nil where nothing sends them.
    public let pushSending: PushSending?
    /// Values read at scrape time (database size, open connections, build info).
    let gauges: @Sendable () -> [MetricsRegistry.Gauge]
    /// The longest an empty feed page is held for a long-polling consumer.
    let feedMaximumWait: Duration
    /// `openapi.yaml` with the routes' categories and actions as enums, made once.
    let openAPIText: String?

    public init(
        service: ResponseService, access: AccessControl, webhooks: any WebhookRegistry,
        telemetry: Telemetry = Telemetry(logger: Logger(level: .error, write: { _ in })),
        feedMaximumWait: Duration = .seconds(30), pushSending: PushSending? = nil,
        gauges: @escaping @Sendable () -> [MetricsRegistry.Gauge] = { [] }
    ) {
        self.service = service
        self.access = access
        self.webhooks = WebhookEndpoints(registry: webhooks, routes: service.routes)
        self.telemetry = telemetry
        self.feedMaximumWait = feedMaximumWait
        self.pushSending = pushSending
        self.gauges = gauges
        openAPIText = OpenAPIDocument.text(for: service.routes)
    }

    /// Built once, then only read by every worker thread.
    private static let router: Router<APIRoute> = {
        var router = Router<APIRoute>()
        for route in responseRoutes + historyRoutes + eventRoutes + operationRoutes + tokenRoutes
            + webhookRoutes + statsRoutes + dashboardRoutes + subjectRoutes + erasureRoutes + deviceRoutes
            + pushRoutes + funnelRoutes
        {
            router.add(route.method, route.path, route)
        }
        return router
    }()

    /// Every route the API serves, as method and template.
    public var routes: [(method: String, template: String)] { Self.router.templates }

    /// The route label of requests that match no route: paths are not labels.
    static let unmatchedRoute = "unmatched"

    /// Answers at once, except where the handler answers later (a submitted response, once its
    /// commit is durable): no server thread waits for the disk.
    public func respond(to request: HTTPRequest) -> HTTPAnswer {
        let started = ContinuousClock.now
        let requestId = RequestId.take(from: request)
        let answer: HTTPAnswer
        var label = Self.unmatchedRoute
        switch Self.router.match(method: request.method, path: request.path) {
        case .notFound:
            answer = .now(Problem.notFound("No resource at \(request.path).").response)
        case .methodNotAllowed(let allowed):
            answer = .now(Problem.methodNotAllowed(request.method, allowed: allowed).response)
        case .found(let route, let parameters, _):
            label = route.path
            do {
                let principal = try admit(request, to: route.requirement, requestId: requestId)
                answer = try route.handler(
                    self,
                    APIRequest(http: request, parameters: parameters, principal: principal, requestId: requestId))
            } catch {
                answer = .now(problem(for: error, route: route.path, requestId: requestId).response)
            }
        }
        return answer.map { [label] response in
            finish(response, to: request, route: label, requestId: requestId, started: started)
        }
    }

    public func respond(to failure: HTTPRequestFailure, request: HTTPRequest) -> HTTPResponse {
        let started = ContinuousClock.now
        let requestId = RequestId.take(from: request)
        var label = Self.unmatchedRoute
        if case .found(let route, _, _) = Self.router.match(method: request.method, path: request.path) {
            label = route.path
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
        if label == Self.submitPath { countResponse(service.routes.routeKey(for: nil), outcome: "rejected") }
        return finish(response, to: request, route: label, requestId: requestId, started: started)
    }

    /// The one place a thrown error becomes an answer.
    func problem(for error: any Error, route: String, requestId: String) -> Problem {
        switch error {
        case let problem as Problem:
            return problem
        case let failure as ValidationFailure:
            return .validation(failure.errors)
        case let conflict as ResponseConflict:
            return .conflict(id: conflict.id)
        case let erased as ResponseErased:
            return .gone(id: erased.id)
        case let refusal as HandlerRefusal:
            return .refused(refusal)
        case let refusal as BackendRefusal:
            return .refusedByBackend(refusal)
        case let unavailable as BackendUnavailable:
            return .backendUnavailable(unavailable)
        case let missing as SubjectLookupFailure:
            return .notFound(missing.detail)
        default:
            // Store failures: nothing was committed, so the client must retry; the cause is for
            // the operator, not the client.
            telemetry.logger.error(
                "storage failure",
                ["requestId": .string(requestId), "route": .string(route), "error": .string("\(error)")])
            return .storageUnavailable
        }
    }

    /// Authenticates, rate-limits and checks the route's requirement, throwing the problem to
    /// answer with. The principal is nil for open endpoints.
    private func admit(_ request: HTTPRequest, to requirement: AccessRequirement, requestId: String) throws
        -> Principal?
    {
        if case .none = requirement { return nil }
        let principal: Principal
        switch try access.authenticator.authenticate(request.header("Authorization")) {
        case .success(let known):
            principal = known
        case .failure(let failure):
            if case .invalid(let reason) = failure {
                telemetry.logger.info(
                    "credential refused", ["requestId": .string(requestId), "reason": .string(reason)])
            }
            let invalid = if case .invalid = failure { true } else { false }
            throw Problem.unauthorized(invalidToken: invalid)
        }
        if let delay = access.delay(for: principal) {
            throw Problem.tooManyRequests(retryAfter: delay)
        }
        switch (requirement, principal) {
        case (.none, _), (.anyone, _), (.scopeOrUser, .user):
            return principal
        case (.scopeOrUser(let scope), .service), (.scope(let scope), _):
            guard principal.allows(scope) else {
                throw Problem.forbidden("This needs an API key with the scope \(scope.rawValue).")
            }
            return principal
        }
    }

    /// Adds the request id, then logs and counts the exchange. The log line holds no body, query
    /// or header value other than the request id.
    private func finish(
        _ response: HTTPResponse, to request: HTTPRequest, route: String, requestId: String,
        started: ContinuousClock.Instant
    ) -> HTTPResponse {
        var response = response
        response.headers.append(("X-Request-Id", requestId))
        let seconds = (ContinuousClock.now - started).inSeconds
        let method = Self.methodLabel(request.method)
        telemetry.metrics.record(
            .increment(telemetry.httpRequests, [route, method, String(response.status)], by: 1),
            .observe(telemetry.httpDuration, [route], seconds))
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
