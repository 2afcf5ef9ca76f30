import ActionHubDomain
import Foundation
import HTTP
import JSON

/// A person's data erased on request (GDPR Art. 17), by the app's owner.
extension ActionHubAPI {
    static let erasureRoutes: [APIRoute] = [
        APIRoute("DELETE", "/v1/users/{userId}", .scope(.admin)) { api, request in try api.eraseUser(request) }
    ]

    /// `DELETE /v1/users/{userId}` → 200 `{"userId", "erasedAt", "counts": {…}}`, also for a user
    /// with nothing stored (zero counts): the answer reveals nothing, and erasing is idempotent.
    func eraseUser(_ request: APIRequest) throws -> HTTPAnswer {
        let userId = request.parameter("userId")
        guard ResponseValidator.isIdentifier(userId) else {
            throw ValidationFailure([
                FieldError(field: "userId", message: "must be a non-empty identifier of at most 256 bytes")
            ])
        }
        let receipt = try service.store.erase(userId: userId, at: Date()).json
        telemetry.logger.info("user erased", receipt)
        return .now(.json(JSONValue.object(receipt).serialized()))
    }
}
