import ActionHub
import HTTPServer
import JSON

/// The HTTP API of ActionHub: routes requests to the response service and writes JSON answers
/// and problem documents. Runs in-process in tests, behind `HTTPServer` in production.
public struct ActionHubAPI: HTTPResponder {
    public let service: ResponseService
    let router: Router<Endpoint>
    /// Where failures the client cannot see the cause of are reported.
    let reportError: @Sendable (String) -> Void

    public init(service: ResponseService, reportError: @escaping @Sendable (String) -> Void = { _ in }) {
        self.service = service
        self.reportError = reportError
        var router = Router<Endpoint>()
        router.add("POST", "/v1/responses", .submitResponse)
        router.add("GET", "/v1/responses/{id}", .response)
        router.add("GET", "/v1/posts/{postId}/likes", .postLikes)
        router.add("GET", "/v1/posts/{postId}/replies", .postReplies)
        router.add("GET", "/v1/users/{userId}/responses", .userResponses)
        router.add("GET", "/v1/categories", .categories)
        router.add("GET", "/healthz", .health)
        self.router = router
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        switch router.match(method: request.method, path: request.path) {
        case .notFound:
            return Problem.notFound("No resource at \(request.path).").response
        case .methodNotAllowed(let allowed):
            return Problem.methodNotAllowed(request.method, allowed: allowed).response
        case .found(let endpoint, let parameters, _):
            do {
                return try respond(endpoint, to: request, parameters: parameters)
            } catch let problem as ProblemError {
                return problem.problem.response
            } catch let failure as ValidationFailure {
                return Problem.validation(failure.errors).response
            } catch let conflict as ResponseConflict {
                return Problem.conflict(id: conflict.id).response
            } catch {
                // Store failures: the event was not committed, so the client must retry; the
                // cause is for the operator, not the client.
                reportError("\(request.method) \(request.path): \(error)")
                return Problem.storageUnavailable.response
            }
        }
    }

    public func respond(to failure: HTTPRequestFailure, request: HTTPRequest) -> HTTPResponse {
        switch failure {
        case .bodyTooLarge(let limit): Problem.bodyTooLarge(limit: limit).response
        }
    }

    private func respond(_ endpoint: Endpoint, to request: HTTPRequest, parameters: [String: String]) throws
        -> HTTPResponse
    {
        switch endpoint {
        case .submitResponse:
            return try submitResponse(request)
        case .response:
            let id = parameters["id"] ?? ""
            guard let body = try service.response(id: id) else {
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
            let filter = try PageQuery.filter(from: request)
            let page = try service.responses(
                userId: parameters["userId"] ?? "", filter: filter, page: try PageQuery.page(from: request))
            return .json(HistoryJSON.responses(page))
        case .categories:
            let documents = service.routes.categories.map { JSONValue.object($0.document) }
            return .json(JSONValue.object(["categories": .array(documents)]).serialized())
        case .health:
            return .json(#"{"status":"ok"}"#)
        }
    }

    private func submitResponse(_ request: HTTPRequest) throws -> HTTPResponse {
        let contentType = request.header("Content-Type")
        guard let contentType, MediaType.isJSON(contentType) else {
            throw ProblemError(.unsupportedMediaType(contentType))
        }
        let body: JSONValue
        do {
            body = try JSONParser().parse(request.body)
        } catch {
            throw ProblemError(.malformedJSON(error.description))
        }
        let submission = try service.submit(body)
        if submission.isReplay {
            return .json(submission.body, status: 200, headers: [("Idempotent-Replayed", "true")])
        }
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
        HTTPResponse(status: status, headers: [("Content-Type", "application/json")] + headers, body: Array(body.utf8))
    }
}
