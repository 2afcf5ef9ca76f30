import ActionHubDomain
import HTTP
import JSON

/// An RFC 9457 problem document, the body of every error answer. Handlers throw it: it knows its
/// status.
public struct Problem: Error, Sendable, Equatable {
    public var type: String
    public var title: String
    public var status: Int
    public var detail: String
    public var errors: [FieldError]
    public var headers: [(name: String, value: String)]
    /// Members of this problem type beyond the standard ones (`backendStatus`).
    public var extensions: JSONObject

    public init(
        type: String, title: String, status: Int, detail: String, errors: [FieldError] = [],
        headers: [(name: String, value: String)] = [], extensions: JSONObject = [:]
    ) {
        self.extensions = extensions
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.errors = errors
        self.headers = headers
    }

    public static func == (lhs: Problem, rhs: Problem) -> Bool {
        lhs.type == rhs.type && lhs.status == rhs.status && lhs.detail == rhs.detail && lhs.errors == rhs.errors
    }

    public var json: JSONValue {
        var object: JSONObject = [
            "type": .string(type), "title": .string(title), "status": JSONValue(status), "detail": .string(detail),
        ]
        for member in extensions.members { object[member.key] = member.value }
        if !errors.isEmpty {
            object["errors"] = .array(
                errors.map { .object(["field": .string($0.field), "message": .string($0.message)]) })
        }
        return .object(object)
    }

    public var response: HTTPResponse {
        HTTPResponse(
            status: status, headers: [("Content-Type", "application/problem+json")] + headers,
            body: Array(json.serialized().utf8))
    }
}

extension Problem {
    static let typePrefix = "urn:actionhub:problem:"

    /// The most field errors a 422 lists: a body of thousands of unknown keys would otherwise be
    /// answered with several times its own size (6,000 keys in 59 KB got 346 KB back).
    static let listedFieldErrors = 20

    static func validation(_ errors: [FieldError]) -> Problem {
        let listed = Array(errors.prefix(listedFieldErrors))
        var fields = listed.map(\.field).joined(separator: ", ")
        if errors.count > listed.count { fields += " and \(errors.count - listed.count) more" }
        return Problem(
            type: typePrefix + "validation", title: "The request does not fit the route", status: 422,
            detail: "Invalid fields: \(fields).", errors: listed)
    }

    static func malformedJSON(_ detail: String) -> Problem {
        Problem(
            type: typePrefix + "malformed-json", title: "The body is not valid JSON", status: 400,
            detail: "The body is not valid UTF-8 JSON: \(detail).")
    }

    static func unsupportedMediaType(_ contentType: String?) -> Problem {
        Problem(
            type: typePrefix + "unsupported-media-type", title: "Unsupported media type", status: 415,
            detail: "Send the body as application/json; got \(contentType.map { "\"\($0)\"" } ?? "no Content-Type").",
            errors: [FieldError(field: "Content-Type", message: "must be application/json")])
    }

    static func bodyTooLarge(limit: Int) -> Problem {
        Problem(
            type: typePrefix + "payload-too-large", title: "The body is too large", status: 413,
            detail: "Request bodies are limited to \(limit) bytes.")
    }

    static func malformedRequest(_ reason: String) -> Problem {
        Problem(
            type: typePrefix + "malformed-request", title: "Malformed request", status: 400,
            detail: "The request's framing or headers are not accepted: \(reason).")
    }

    static func conflict(id: String) -> Problem {
        Problem(
            type: typePrefix + "id-conflict", title: "The response id is already used", status: 409,
            detail: "Response \(id) is stored with other content; a retry must repeat the original request exactly.",
            errors: [FieldError(field: "id", message: "already used for a different response")])
    }

    static func gone(id: String) -> Problem {
        Problem(
            type: typePrefix + "erased", title: "The response's user was erased", status: 410,
            detail: "Response \(id) belonged to a user whose data was erased on request; it is not stored again.",
            errors: [FieldError(field: "id", message: "belongs to an erased user")])
    }

    static func refused(_ refusal: HandlerRefusal) -> Problem {
        Problem(type: typePrefix + refusal.kind, title: refusal.title, status: refusal.status, detail: refusal.detail)
    }

    /// The team's backend said no: its status and words, passed on.
    static func refusedByBackend(_ refusal: BackendRefusal) -> Problem {
        Problem(
            type: typePrefix + "refused-by-backend", title: refusal.title ?? "Refused by the backend", status: 422,
            detail: refusal.detail
                ?? "The backend answered \(refusal.backendStatus) and did not say why; nothing was stored.",
            extensions: ["backendStatus": JSONValue(refusal.backendStatus)])
    }

    /// No usable answer from the team's backend; the app retries with the same id.
    static func backendUnavailable(_ unavailable: BackendUnavailable) -> Problem {
        Problem(
            type: typePrefix + "backend-unavailable", title: "Backend unavailable", status: 503,
            detail: "\(unavailable.cause); nothing was stored, retry with the same id.",
            headers: [("Retry-After", String(unavailable.retryAfterSeconds))])
    }

    static func notFound(_ detail: String) -> Problem {
        Problem(type: typePrefix + "not-found", title: "Not found", status: 404, detail: detail)
    }

    static func methodNotAllowed(_ method: String, allowed: [String]) -> Problem {
        Problem(
            type: typePrefix + "method-not-allowed", title: "Method not allowed", status: 405,
            detail: "\(method) is not allowed here; use \(allowed.joined(separator: " or ")).",
            headers: [("Allow", allowed.joined(separator: ", "))])
    }

    static let storageUnavailable = Problem(
        type: typePrefix + "storage-unavailable", title: "Storage unavailable", status: 503,
        detail: "The event could not be stored and was not accepted; retry with the same id.",
        headers: [("Retry-After", "1")])

    static let shuttingDown = Problem(
        type: typePrefix + "shutting-down", title: "Shutting down", status: 503,
        detail: "The server stopped before this request was answered; retry it (with the same id) later.",
        headers: [("Retry-After", "1")])

    static let notReady = Problem(
        type: typePrefix + "not-ready", title: "Not ready", status: 503,
        detail: "The database does not answer or does not take writes.", headers: [("Retry-After", "5")])

    /// The same for a missing, malformed, unknown or revoked credential: nothing tells whether a
    /// key exists.
    static func unauthorized(invalidToken: Bool) -> Problem {
        Problem(
            type: typePrefix + "unauthorized", title: "Authentication required", status: 401,
            detail: "Send Authorization: Bearer with a valid API key or user token.",
            headers: [
                (
                    "WWW-Authenticate",
                    invalidToken ? #"Bearer realm="actionhub", error="invalid_token""# : #"Bearer realm="actionhub""#
                )
            ])
    }

    static func forbidden(_ detail: String, field: String? = nil) -> Problem {
        Problem(
            type: typePrefix + "forbidden", title: "Not allowed", status: 403, detail: detail,
            errors: field.map { [FieldError(field: $0, message: "does not match the user of the token")] } ?? [])
    }

    static func tooManyRequests(retryAfter: Int) -> Problem {
        Problem(
            type: typePrefix + "rate-limited", title: "Too many requests", status: 429,
            detail: "Slow down: retry after \(retryAfter) s.", headers: [("Retry-After", String(retryAfter))])
    }
}
