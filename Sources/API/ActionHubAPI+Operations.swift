import ActionHubDomain
import HTTP
import JSON

/// What operators and clients ask of the service itself: health, readiness, metrics, the
/// categories it serves and its OpenAPI document.
extension ActionHubAPI {
    static let operationRoutes: [APIRoute] = [
        APIRoute("GET", "/v1/categories", .anyone) { api, _ in api.categories() },
        APIRoute("GET", "/healthz", .none) { _, _ in .now(.json(#"{"status":"ok"}"#)) },
        APIRoute("GET", "/readyz", .none) { api, _ in api.readiness() },
        APIRoute("GET", "/metrics", .scope(.metricsRead)) { api, _ in api.metrics() },
        APIRoute("GET", "/openapi.yaml", .none) { api, _ in try api.openAPI() },
    ]

    func categories() -> HTTPAnswer {
        let documents = service.routes.categories.map { JSONValue.object($0.document) }
        return .now(.json(JSONValue.object(["categories": .array(documents)]).serialized()))
    }

    func readiness() -> HTTPAnswer {
        do {
            try service.store.checkReadiness()
            return .now(.json(#"{"status":"ready"}"#))
        } catch {
            telemetry.logger.error("not ready", ["error": .string(String(describing: error))])
            return .now(Problem.notReady.response)
        }
    }

    func metrics() -> HTTPAnswer {
        .now(
            HTTPResponse(
                status: 200, headers: [("Content-Type", "text/plain; version=0.0.4; charset=utf-8")],
                body: Array(telemetry.metrics.exposition(gauges: gauges()).utf8)))
    }

    func openAPI() throws -> HTTPAnswer {
        guard let document = openAPIText else {
            throw Problem.notFound("The OpenAPI document was not installed with this build.")
        }
        return .now(
            HTTPResponse(
                status: 200, headers: [("Content-Type", "application/yaml; charset=utf-8")], body: Array(document.utf8))
        )
    }
}
