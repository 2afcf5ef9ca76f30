import ActionHubDomain
import Basics
import Foundation
import HTTP
import JSON

/// A person's data exported (GDPR Art. 15) and erased (Art. 17) on request, by the app's owner.
extension ActionHubAPI {
    static let erasureRoutes: [APIRoute] = [
        APIRoute("DELETE", "/v1/users/{userId}", .scope(.admin)) { api, request in try api.eraseUser(request) },
        APIRoute("GET", "/v1/users/{userId}/export", .scope(.admin)) { api, request in try api.exportUser(request) },
    ]

    /// `GET /v1/users/{userId}/export` → 200 with everything stored about the user (GDPR Art. 15),
    /// streamed (`UserExport`); a user with nothing stored gets the document with empty lists.
    func exportUser(_ request: APIRequest) throws -> HTTPAnswer {
        let userId = try Self.userId(request)
        let export = UserExport(store: service.store, userId: userId, exportedAt: Timestamp.format(Date()))
        telemetry.logger.info("user exported", ["userId": .string(userId)])
        return .now(HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], stream: export))
    }

    private static func userId(_ request: APIRequest) throws -> String {
        let userId = request.parameter("userId")
        guard ResponseValidator.isIdentifier(userId) else {
            throw ValidationFailure([
                FieldError(field: "userId", message: "must be a non-empty identifier of at most 256 bytes")
            ])
        }
        return userId
    }

    /// `DELETE /v1/users/{userId}` → 200 `{"userId", "erasedAt", "counts": {…}}`, also for a user
    /// with nothing stored (zero counts): the answer reveals nothing, and erasing is idempotent.
    func eraseUser(_ request: APIRequest) throws -> HTTPAnswer {
        let userId = try Self.userId(request)
        let receipt = try service.store.erase(userId: userId, at: Date()).json
        telemetry.logger.info("user erased", receipt)
        return .now(.json(JSONValue.object(receipt).serialized()))
    }
}
