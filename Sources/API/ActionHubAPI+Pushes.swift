import ActionHubDomain
import Basics
import Codegen
import Crypto
import HTTP
import JSON

/// Pushes a team's backend sends through ActionHub: stored with a delivery per device in one
/// transaction (the 202 is never lost), then sent to APNs by the sender.
extension ActionHubAPI {
    static let pushRoutes: [APIRoute] = [
        APIRoute("POST", "/v1/pushes", .scope(.pushesWrite)) { api, request in try api.sendPush(request) },
        APIRoute("GET", "/v1/pushes/{id}", .scope(.pushesWrite)) { api, request in try api.pushStatus(request) },
    ]

    /// The custom key that carries the push's id to the app and back in its response.
    static let pushKey = "actionhub-push"
    /// The most users or devices one push names.
    static let maximumRecipients = 10_000

    func sendPush(_ request: APIRequest) throws -> HTTPAnswer {
        let pushes = try configuredPushes()
        let key = request.http.header("Idempotency-Key")
        if let key, !(1...255).contains(key.utf8.count) {
            throw Problem.validation([FieldError(field: "Idempotency-Key", message: "must be 1 to 255 bytes")])
        }
        let object = try JSONBody.object(from: request.http)
        // Only a retry under an Idempotency-Key is compared with the request before it.
        let hash = try key.map { _ in Hex.encode(try Digest.sha256(request.http.body)) } ?? ""
        let created = try pushes.store.create(
            PushRequest.newPush(
                object, id: UUIDText.random(), idempotencyKey: key, requestHash: hash, routes: service.routes))
        switch created {
        case .created(let id, let devices), .existing(let id, let devices):
            if case .created = created { pushes.queued() }
            let body: JSONValue = .object(["id": .string(id), "devices": JSONValue(devices)])
            return .now(.json(body.serialized(), status: 202, headers: [("Location", "/v1/pushes/\(id)")]))
        case .conflict(let id):
            throw Problem(
                type: Problem.typePrefix + "idempotency-key-reused", title: "The Idempotency-Key is already used",
                status: 409,
                detail:
                    "Push \(id) was sent with this Idempotency-Key and another body; a retry must repeat it exactly.",
                errors: [FieldError(field: "Idempotency-Key", message: "already used for a different request")])
        }
    }

    func pushStatus(_ request: APIRequest) throws -> HTTPAnswer {
        let id = request.parameter("id")
        guard let push = try pushSending?.store.push(id: id) else {
            throw Problem.notFound("No push with id \(id).")
        }
        var counts = JSONObject()
        for status in PushDeliveryStatus.allCases { counts[status.rawValue] = JSONValue(push.count(status)) }
        counts["delivered"] = JSONValue(push.devices.count(where: \.delivered))
        let devices = push.devices.map { delivery -> JSONValue in
            var object: JSONObject = [
                "token": .string(delivery.token), "status": .string(delivery.status.rawValue),
                "delivered": .bool(delivery.delivered),
            ]
            if let reason = delivery.reason { object["reason"] = .string(reason) }
            return .object(object)
        }
        let body: JSONValue = .object([
            "id": .string(push.id), "category": .string(push.category), "createdAt": .string(push.createdAt),
            "counts": .object(counts), "devices": .array(devices),
        ])
        return .now(.json(body.serialized()))
    }

    private func configuredPushes() throws -> PushSending {
        guard let pushes = pushSending, pushes.missingFlags.isEmpty else {
            let missing = pushSending?.missingFlags ?? ["--apns-key-file", "--apns-key-id", "--apns-team-id"]
            throw Problem(
                type: Problem.typePrefix + "apns-not-configured", title: "Sending to APNs is not configured",
                status: 503,
                detail: "This server cannot send pushes: start it with \(missing.joined(separator: ", ")).",
                extensions: ["missingFlags": .array(missing.map(JSONValue.string))])
        }
        return pushes
    }
}
