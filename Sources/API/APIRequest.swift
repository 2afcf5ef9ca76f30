import Auth
import HTTP

/// A request as a handler sees it: admitted, with its path parameters and who is calling.
struct APIRequest: Sendable {
    var http: HTTPRequest
    var parameters: [String: String]
    /// nil for open endpoints.
    var principal: Principal?
    var requestId: String

    /// A path parameter the route's template declares.
    func parameter(_ name: String) -> String {
        parameters[name] ?? ""
    }
}
