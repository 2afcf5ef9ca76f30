import Foundation
import JSON

/// The values placeholders stand for during one run of one fixture.
struct Placeholders {
    let run = String(UUID().uuidString.prefix(8)).lowercased()
    private var uuids: [String: String] = [:]
    private(set) var saved: [String: JSONValue] = [:]

    mutating func save(_ name: String, _ value: JSONValue) {
        saved[name] = value
    }

    /// The value with every placeholder in its strings filled.
    mutating func fill(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let string):
            if let name = Self.soleName(in: string), let savedValue = saved[name] { return savedValue }
            return .string(fill(string))
        case .array(let elements):
            return .array(elements.map { fill($0) })
        case .object(let object):
            var filled = JSONObject()
            for member in object.members { filled[fill(member.key)] = fill(member.value) }
            return .object(filled)
        default:
            return value
        }
    }

    mutating func fill(_ text: String) -> String {
        var output = ""
        var rest = text[...]
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            output += rest[..<open.lowerBound]
            let name = String(rest[open.upperBound..<close.lowerBound])
            output += value(for: name) ?? "{{\(name)}}"
            rest = rest[close.upperBound...]
        }
        return output + rest
    }

    private mutating func value(for name: String) -> String? {
        if name == "run" { return run }
        if name.hasPrefix("uuid:") {
            if let existing = uuids[name] { return existing }
            let fresh = UUID().uuidString
            uuids[name] = fresh
            return fresh
        }
        if name.hasPrefix("repeat:") {
            let parts = name.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, let count = Int(parts[1]), count >= 0 else { return nil }
            return String(repeating: String(parts[2]), count: count)
        }
        switch saved[name] {
        case .string(let string)?: return string
        case let other?: return other.serialized()
        case nil: return nil
        }
    }

    /// `name` when the whole string is `{{name}}`.
    static func soleName(in string: String) -> String? {
        guard string.hasPrefix("{{"), string.hasSuffix("}}"), string.count > 4 else { return nil }
        let name = string.dropFirst(2).dropLast(2)
        return name.contains("{{") || name.contains("}}") ? nil : String(name)
    }
}
