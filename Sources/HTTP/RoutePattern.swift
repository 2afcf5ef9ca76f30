/// A route template like `/v1/posts/{postId}/likes`, split into segments and matched against
/// paths byte by byte. Kept out of the generic `Router`: its matching loop then compiles once,
/// specialized, instead of looking up generic metadata on every request (seen in profiles).
struct RoutePattern: Sendable {
    enum Segment: Sendable, Equatable {
        /// Compared as bytes: String's `==` is Unicode-aware and slower.
        case literal([UInt8])
        case parameter(String)
    }

    let segments: [Segment]

    init(template: String) {
        segments = template.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            $0.hasPrefix("{") && $0.hasSuffix("}")
                ? Segment.parameter(String($0.dropFirst().dropLast())) : .literal(Array($0.utf8))
        }
    }

    /// Each segment of an absolute path as a range of its bytes, after the leading "/"; nil for
    /// a path that does not start with "/".
    static func parts(of path: UnsafeBufferPointer<UInt8>) -> [Range<Int>]? {
        guard path.first == UInt8(ascii: "/") else { return nil }
        var parts: [Range<Int>] = []
        var start = 1
        for index in 1...path.count where index == path.count || path[index] == UInt8(ascii: "/") {
            parts.append(start..<index)
            start = index + 1
        }
        return parts
    }

    /// True when the literals match and every parameter segment is non-empty.
    func shapeMatches(_ parts: [Range<Int>], in path: UnsafeBufferPointer<UInt8>) -> Bool {
        guard segments.count == parts.count else { return false }
        for index in segments.indices {
            switch segments[index] {
            case .literal(let literal):
                guard path[parts[index]].elementsEqual(literal) else { return false }
            case .parameter:
                guard !parts[index].isEmpty else { return false }
            }
        }
        return true
    }

    /// The percent-decoded parameters; nil when one does not decode to non-empty UTF-8.
    func parameters(_ parts: [Range<Int>], in path: UnsafeBufferPointer<UInt8>) -> [String: String]? {
        var parameters: [String: String] = [:]
        for index in segments.indices {
            guard case .parameter(let name) = segments[index] else { continue }
            guard let value = PercentEncoding.decode(bytes: path[parts[index]]), !value.isEmpty else { return nil }
            parameters[name] = value
        }
        return parameters
    }
}
