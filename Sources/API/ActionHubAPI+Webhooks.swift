import ActionHubDomain
import Basics
import HTTP
import JSON
import Webhooks

/// Webhook endpoints and their deliveries, managed with an admin key.
extension ActionHubAPI {
    static let webhookRoutes: [APIRoute] = [
        APIRoute("POST", "/v1/webhooks", .scope(.admin)) { api, request in try api.createWebhook(request.http) },
        APIRoute("GET", "/v1/webhooks", .scope(.admin)) { api, _ in try api.listWebhooks() },
        APIRoute("DELETE", "/v1/webhooks/{webhookId}", .scope(.admin)) { api, request in
            try api.deleteWebhook(request)
        },
        APIRoute("GET", "/v1/webhooks/{webhookId}/deliveries", .scope(.admin)) { api, request in
            try api.webhookDeliveries(request)
        },
        APIRoute("POST", "/v1/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver", .scope(.admin)) {
            api, request in try api.redeliver(request)
        },
    ]

    /// `POST /v1/webhooks` `{"url", "events"}` → 201 with the endpoint and its secret, shown once.
    func createWebhook(_ request: HTTPRequest) throws -> HTTPAnswer {
        let object = try JSONBody.object(from: request)
        var errors = JSONBody.unknownFields(of: object, known: ["url", "events"])
        let url = object["url"]?.stringValue
        if url == nil { errors.append(FieldError(field: "url", message: "must be a string: the http or https URL")) }
        var events: [String]?
        if let value = object["events"] {
            if case .array(let elements) = value, elements.allSatisfy({ $0.stringValue != nil }) {
                events = elements.compactMap(\.stringValue)
            } else {
                errors.append(FieldError(field: "events", message: "must be an array of event patterns"))
            }
        }
        guard errors.isEmpty, let url else { throw ValidationFailure(errors) }
        let created = try webhooks.create(url: url, events: events)
        return .now(.json(WebhookJSON.endpoint(created.endpoint, secret: created.secret), status: 201))
    }

    /// `GET /v1/webhooks` → `{"items": [endpoint…]}`, oldest first, without secrets.
    func listWebhooks() throws -> HTTPAnswer {
        .now(.json(WebhookJSON.endpoints(try webhooks.registry.endpoints())))
    }

    func deleteWebhook(_ request: APIRequest) throws -> HTTPAnswer {
        let id = request.parameter("webhookId")
        guard try webhooks.registry.delete(endpointId: id) else { throw Self.noEndpoint(id) }
        return .now(HTTPResponse(status: 204, headers: [], body: []))
    }

    /// `GET /v1/webhooks/{id}/deliveries?status=&limit=&cursor=`, newest first.
    func webhookDeliveries(_ request: APIRequest) throws -> HTTPAnswer {
        let id = request.parameter("webhookId")
        var errors: [FieldError] = []
        var status: WebhookDelivery.Status?
        if let text = PageQuery.single("status", in: request.http, errors: &errors) {
            status = WebhookDelivery.Status(rawValue: text)
            if status == nil {
                errors.append(FieldError(field: "status", message: "must be pending, delivered or failed"))
            }
        }
        guard errors.isEmpty else { throw ValidationFailure(errors) }
        let page = try PageQuery.page(from: request.http)
        guard let deliveries = try webhooks.registry.deliveries(endpointId: id, status: status, page: page) else {
            throw Self.noEndpoint(id)
        }
        return .now(.json(WebhookJSON.deliveries(deliveries)))
    }

    /// `POST /v1/webhooks/{id}/deliveries/{deliveryId}/redeliver` → 202 with the delivery, due now
    /// with a fresh retry schedule.
    func redeliver(_ request: APIRequest) throws -> HTTPAnswer {
        let id = request.parameter("webhookId")
        let deliveryId = request.parameter("deliveryId")
        guard let sequence = WebhookDelivery.sequence(fromMessageId: deliveryId),
            let delivery = try webhooks.registry.redeliver(
                endpointId: id, sequence: sequence, now: Timestamp.milliseconds())
        else {
            throw Problem.notFound("Webhook \(id.prefix(64)) has no delivery \(deliveryId.prefix(64)).")
        }
        return .now(.json(WebhookJSON.delivery(delivery), status: 202))
    }

    private static func noEndpoint(_ id: String) -> Problem {
        .notFound("No webhook endpoint has the id \(id.prefix(64)).")
    }
}
