import Dashboard
import HTTP

/// The operator dashboard: static files compiled into the binary, open to anyone. The page holds
/// no data: it asks for an API key and reads the API with it.
extension ActionHubAPI {
    static let dashboardRoutes: [APIRoute] = DashboardAssets.all.map { asset in
        let response = HTTPResponse(
            status: 200,
            headers: [
                ("Content-Type", asset.contentType),
                ("Content-Security-Policy", DashboardAssets.contentSecurityPolicy),
                ("X-Content-Type-Options", "nosniff"),
                ("Referrer-Policy", "no-referrer"),
                ("Cache-Control", "no-cache"),
            ],
            body: Array(asset.body.utf8))
        return APIRoute("GET", asset.path, .none) { _, _ in .now(response) }
    }
}
