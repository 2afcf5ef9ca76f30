import ActionHubDomain
import Basics
import HTTP
import JSON

/// Sent → delivered → acted: receipts from the devices, and the funnel per category and button.
extension ActionHubAPI {
    static let funnelRoutes: [APIRoute] = [
        APIRoute("POST", "/v1/pushes/{id}/delivered", .scopeOrUser(.responsesWrite)) { api, request in
            try api.recordDelivery(request)
        },
        APIRoute("GET", "/v1/stats/funnel", .scope(.historyRead)) { api, request in try api.funnel(request.http) },
    ]

    /// `{"token"}` → 200 `{"pushId", "token", "recorded": true|false}` (false: known before);
    /// 404 when the push has no delivery to that device, or (a user token) not to one of its user's.
    func recordDelivery(_ request: APIRequest) throws -> HTTPAnswer {
        let id = request.parameter("id")
        let object = try JSONBody.object(from: request.http)
        var errors = JSONBody.unknownFields(of: object, known: ["token"])
        let token = (object["token"]?.stringValue ?? "").lowercased()
        if !Self.isDeviceToken(token) {
            errors.append(FieldError(field: "token", message: "must be an even number (64 to 200) of hex digits"))
        }
        guard errors.isEmpty else { throw ValidationFailure(errors) }
        var userId: String?
        if case .user(let user) = request.principal { userId = user }
        let receipt =
            try pushSending?.store.recordDelivery(
                pushId: id, token: token, userId: userId, at: Timestamp.milliseconds()) ?? .notFound
        guard receipt != .notFound else { throw Problem.notFound("Push \(id) was not sent to device \(token).") }
        let body: JSONValue = .object([
            "pushId": .string(id), "token": .string(token), "recorded": .bool(receipt == .recorded),
        ])
        return .now(.json(body.serialized()))
    }

    /// `GET /v1/stats/funnel?category=[&push=][&from=&to=]`: the category's pushes created in the
    /// window (all of them without `from`), or one push of it.
    func funnel(_ request: HTTPRequest) throws -> HTTPAnswer {
        var errors: [FieldError] = []
        let category = StatsParameters.category(from: request, routes: service.routes, errors: &errors)
        let push = PageQuery.single("push", in: request, errors: &errors)
        if push?.isEmpty == true { errors.append(FieldError(field: "push", message: "must be a push id")) }
        let to = StatsParameters.moment("to", from: request, errors: &errors) ?? Timestamp.milliseconds()
        let from = StatsParameters.moment("from", from: request, errors: &errors) ?? 0
        guard errors.isEmpty, let category else { throw ValidationFailure(errors) }
        guard from < to else { throw ValidationFailure([FieldError(field: "from", message: "must be before to")]) }
        let data =
            try pushSending?.store.funnel(FunnelQuery(category: category, pushId: push, from: from, to: to))
            ?? FunnelData(sent: 0, delivered: 0, responses: [])
        let report = FunnelReport(data)
        var actions = JSONObject()
        for (action, funnel) in report.actions.sorted(by: { $0.key < $1.key }) {
            actions[action] = .object([
                "acted": JSONValue(funnel.acted),
                "timeToAction": .object([
                    "p50Seconds": funnel.p50Seconds.map { .number("\($0)") } ?? .null,
                    "p90Seconds": funnel.p90Seconds.map { .number("\($0)") } ?? .null,
                ]),
            ])
        }
        let body: JSONValue = .object([
            "category": .string(category), "sent": JSONValue(report.sent), "delivered": JSONValue(report.delivered),
            "acted": JSONValue(report.acted), "actions": .object(actions),
        ])
        return .now(.json(body.serialized()))
    }
}
