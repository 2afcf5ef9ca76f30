import ActionHubDomain
import Auth
import Basics
import HTTP
import JSON
import Telemetry

/// Submitting a response and reading one back.
extension ActionHubAPI {
    static let submitPath = "/v1/responses"

    static let responseRoutes: [APIRoute] = [
        APIRoute("POST", submitPath, .scopeOrUser(.responsesWrite)) { api, request in
            try api.submitResponse(request)
        },
        APIRoute("GET", "/v1/responses/{id}", .scopeOrUser(.historyRead)) { api, request in
            try api.storedResponse(request)
        },
    ]

    /// Checks and parses the body and hands the event to the service; answers once its commit is
    /// durable: 201 with the stored answer for a new response, 200 with it for a retry.
    func submitResponse(_ request: APIRequest) throws -> HTTPAnswer {
        let body = try submittedBody(request)
        let submission: Deferred<Result<ResponseService.Submission, any Error>>
        do {
            submission = try service.submit(body)
        } catch {
            countResponse(service.routes.routeKey(for: body), outcome: "rejected")
            throw error
        }
        return .later(
            submission.map { outcome in
                switch outcome {
                case .success(let submission):
                    return self.answer(submission)
                case .failure(let error):
                    switch error {
                    case let conflict as ResponseConflict: self.countResponse(conflict.route, outcome: "conflict")
                    case let erased as ResponseErased: self.countResponse(erased.route, outcome: "erased")
                    case let refusal as BackendRefusal: self.countResponse(refusal.route, outcome: "rejected")
                    case let unavailable as BackendUnavailable:
                        self.countResponse(unavailable.route, outcome: "unavailable")
                    default: break
                    }
                    return self.problem(for: error, route: Self.submitPath, requestId: request.requestId).response
                }
            })
    }

    /// The body as JSON, with a user token's user filled in.
    private func submittedBody(_ request: APIRequest) throws -> JSONValue {
        let contentType = request.http.header("Content-Type")
        guard let contentType, MediaType.isJSON(contentType) else {
            countResponse(service.routes.routeKey(for: nil), outcome: "rejected")
            throw Problem.unsupportedMediaType(contentType)
        }
        var body: JSONValue
        do {
            body = try JSONParser().parse(request.http.body)
        } catch {
            countResponse(service.routes.routeKey(for: nil), outcome: "rejected")
            throw Problem.malformedJSON(error.description)
        }
        if case .user(let user) = request.principal, case .object(var object) = body {
            // A user token speaks for its user: the body may name them, or leave userId out.
            switch object["userId"] {
            case nil, .null?: object["userId"] = .string(user)
            case .string(user)?: break
            default:
                throw Problem.forbidden("A user token responds only as its own user.", field: "userId")
            }
            body = .object(object)
        }
        return body
    }

    private func answer(_ submission: ResponseService.Submission) -> HTTPResponse {
        if submission.isReplay {
            countResponse(submission.route, outcome: "replayed")
            return .json(submission.body, status: 200, headers: [("Idempotent-Replayed", "true")])
        }
        countResponse(submission.route, outcome: "created")
        return .json(submission.body, status: 201, headers: [("Location", "/v1/responses/\(submission.id)")])
    }

    func countResponse(_ route: RouteKey, outcome: String) {
        telemetry.metrics.increment(Telemetry.Name.responses, [route.category, route.action, route.handler, outcome])
    }

    /// A user sees only their own responses; others' look like unknown ids.
    func storedResponse(_ request: APIRequest) throws -> HTTPAnswer {
        let id = request.parameter("id")
        guard let body = try service.response(id: id), Self.belongs(body, to: request.principal) else {
            throw Problem.notFound("No response with id \(id).")
        }
        return .now(.json(body))
    }

    /// True when a key may read it, or the user is the one who responded.
    static func belongs(_ storedAnswer: String, to principal: Principal?) -> Bool {
        guard case .user(let user) = principal else { return true }
        return (try? JSONParser().parse(storedAnswer))?["userId"]?.stringValue == user
    }
}
