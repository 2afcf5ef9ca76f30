/// Maps method and path to a handler value, from templates like `/v1/posts/{postId}/likes`.
/// Built once, then only read: safe to share between worker threads.
public struct Router<Handler: Sendable>: Sendable {
    private struct Route: Sendable {
        var method: String
        var template: String
        var pattern: RoutePattern
        var handler: Handler
    }

    private var routes: [Route] = []

    public init() {}

    /// Adds a route. A `{name}` segment matches one non-empty path segment, percent-decoded.
    public mutating func add(_ method: String, _ template: String, _ handler: Handler) {
        routes.append(
            Route(method: method, template: template, pattern: RoutePattern(template: template), handler: handler))
    }

    /// Every route, as method and template, in the order added.
    public var templates: [(method: String, template: String)] {
        routes.map { ($0.method, $0.template) }
    }

    /// A GET route also answers HEAD; `allowed` lists both.
    public func match(method: String, path: String) -> RouteMatch<Handler> {
        var path = path
        return path.withUTF8 { bytes in
            guard let parts = RoutePattern.parts(of: bytes) else { return .notFound }
            var allowed: [String] = []
            for route in routes where route.pattern.shapeMatches(parts, in: bytes) {
                guard let parameters = route.pattern.parameters(parts, in: bytes) else { continue }
                if route.method == method || (method == "HEAD" && route.method == "GET") {
                    return .found(route.handler, parameters: parameters, template: route.template)
                }
                allowed.append(route.method)
                if route.method == "GET" { allowed.append("HEAD") }
            }
            return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed)
        }
    }
}

public enum RouteMatch<Handler: Sendable>: Sendable {
    case found(Handler, parameters: [String: String], template: String)
    case notFound
    /// The path exists for other methods only; they go in the `Allow` header.
    case methodNotAllowed(allowed: [String])
}
