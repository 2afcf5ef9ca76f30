/// Maps method and path to a handler value, from templates like `/v1/posts/{postId}/likes`.
/// Built once, then only read: safe to share between worker threads.
public struct Router<Handler: Sendable>: Sendable {
    private enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    private struct Route: Sendable {
        var method: String
        var template: String
        var segments: [Segment]
        var handler: Handler
    }

    private var routes: [Route] = []

    public init() {}

    /// Adds a route. A `{name}` segment matches one non-empty path segment, percent-decoded.
    public mutating func add(_ method: String, _ template: String, _ handler: Handler) {
        let segments = template.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            $0.hasPrefix("{") && $0.hasSuffix("}")
                ? Segment.parameter(String($0.dropFirst().dropLast())) : .literal(String($0))
        }
        routes.append(Route(method: method, template: template, segments: segments, handler: handler))
    }

    /// Every route, as method and template, in the order added.
    public var templates: [(method: String, template: String)] {
        routes.map { ($0.method, $0.template) }
    }

    /// A GET route also answers HEAD; `allowed` lists both.
    public func match(method: String, path: String) -> RouteMatch<Handler> {
        guard path.hasPrefix("/") else { return .notFound }
        let pathSegments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        var allowed: [String] = []
        for route in routes {
            guard let parameters = Self.parameters(of: route.segments, in: pathSegments) else { continue }
            if route.method == method || (method == "HEAD" && route.method == "GET") {
                return .found(route.handler, parameters: parameters, template: route.template)
            }
            allowed.append(route.method)
            if route.method == "GET" { allowed.append("HEAD") }
        }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed)
    }

    private static func parameters(of segments: [Segment], in path: ArraySlice<Substring>) -> [String: String]? {
        guard segments.count == path.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, part) in zip(segments, path) {
            switch segment {
            case .literal(let literal):
                guard part == literal else { return nil }
            case .parameter(let name):
                guard !part.isEmpty, let value = PercentEncoding.decode(part), !value.isEmpty else { return nil }
                parameters[name] = value
            }
        }
        return parameters
    }
}

public enum RouteMatch<Handler: Sendable>: Sendable {
    case found(Handler, parameters: [String: String], template: String)
    case notFound
    /// The path exists for other methods only; they go in the `Allow` header.
    case methodNotAllowed(allowed: [String])
}
