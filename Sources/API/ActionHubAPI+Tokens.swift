import ActionHubDomain
import Basics
import Foundation
import HTTP
import JSON

/// Per-user tokens, minted by a backend that holds an admin key.
extension ActionHubAPI {
    static let tokenRoutes: [APIRoute] = [
        APIRoute("POST", "/v1/tokens", .scope(.admin)) { api, request in try api.issueToken(request.http) },
        APIRoute("POST", "/v1/tokens/revoke", .scope(.admin)) { api, request in try api.revokeTokens(request.http) },
    ]

    /// `POST /v1/tokens` `{"userId": "u-42", "ttlSeconds": 3600}` → `{"token", "userId", "expiresAt"}`.
    func issueToken(_ request: HTTPRequest) throws -> HTTPAnswer {
        let object = try JSONBody.object(from: request)
        var errors = JSONBody.unknownFields(of: object, known: ["userId", "ttlSeconds"])
        let user = object["userId"]?.stringValue ?? ""
        if !ResponseValidator.isIdentifier(user) {
            errors.append(FieldError(field: "userId", message: "must be a non-empty identifier of at most 256 bytes"))
        }
        let ttl = object["ttlSeconds"].map { $0.integralValue ?? -1 } ?? 3600
        if !(60...2_592_000).contains(ttl) {
            errors.append(FieldError(field: "ttlSeconds", message: "must be an integer from 60 to 2592000 (30 days)"))
        }
        guard errors.isEmpty else { throw ValidationFailure(errors) }
        let now = Date()
        let token = try access.authenticator.tokens.mint(user: user, ttl: .seconds(ttl), now: now)
        let expiresAt = Timestamp.format(
            Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down) + Double(ttl)))
        let answer: JSONValue = .object([
            "token": .string(token), "userId": .string(user), "expiresAt": .string(expiresAt),
        ])
        return .now(.json(answer.serialized(), status: 201))
    }

    /// `POST /v1/tokens/revoke` `{"userId": "u-42"}` → `{"userId", "revokedBefore"}`: every token
    /// of the user issued before that moment is refused from now on (on other instances within
    /// `--key-cache`). Tokens carry whole seconds, so one issued in the same second is refused too.
    func revokeTokens(_ request: HTTPRequest) throws -> HTTPAnswer {
        let object = try JSONBody.object(from: request)
        var errors = JSONBody.unknownFields(of: object, known: ["userId"])
        let user = object["userId"]?.stringValue ?? ""
        if !ResponseValidator.isIdentifier(user) {
            errors.append(FieldError(field: "userId", message: "must be a non-empty identifier of at most 256 bytes"))
        }
        guard errors.isEmpty else { throw ValidationFailure(errors) }
        let revokedBefore = try access.authenticator.keys.revokeTokens(user: user)
        let answer: JSONValue = .object([
            "userId": .string(user),
            "revokedBefore": .string(Timestamp.format(Date(timeIntervalSince1970: Double(revokedBefore)))),
        ])
        return .now(.json(answer.serialized()))
    }
}
