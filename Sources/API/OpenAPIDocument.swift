import ActionHubDomain
import Foundation
import JSON

/// `openapi.yaml`, the API's OpenAPI 3.1 description, shipped as a resource of this module.
public enum OpenAPIDocument {
    /// Read once; nil when the resource bundle is not next to the executable.
    public static let text: String? = Bundle.module.url(forResource: "openapi", withExtension: "yaml").flatMap {
        try? String(contentsOf: $0, encoding: .utf8)
    }
}

extension OpenAPIDocument {
    /// The document as a server with these routes serves it: every `category` parameter limited
    /// to the routes' categories and every `action` parameter to their actions, as the validator
    /// holds them (`PageQuery.filter`), so that clients and generated tests see the real enums.
    public static func text(for routes: RouteTable) -> String? {
        guard let text, let start = text.firstIndex(of: "{"),
            let document = try? JSONParser().parse(String(text[start...]))
        else { return text }
        let categories = routes.categories.map(\.identifier)
        let actions = Array(Set(routes.categories.flatMap { $0.actions.map(\.identifier) })).sorted()
        let enums = ["category": categories, "action": actions]
        let limited = limit(document, to: enums)
        return String(text[..<start]) + limited.serialized() + "\n"
    }

    /// `value` with an `enum` in the schema of each parameter named in `enums`.
    private static func limit(_ value: JSONValue, to enums: [String: [String]]) -> JSONValue {
        switch value {
        case .array(let elements):
            return .array(elements.map { limit($0, to: enums) })
        case .object(var object):
            if let name = object["name"]?.stringValue, let values = enums[name],
                ["query", "path"].contains(object["in"]?.stringValue ?? ""),
                case .object(var schema)? = object["schema"]
            {
                schema["enum"] = .array(values.map { .string($0) })
                object["schema"] = .object(schema)
                return .object(object)
            }
            var limited = JSONObject()
            for member in object.members { limited[member.key] = limit(member.value, to: enums) }
            return .object(limited)
        default:
            return value
        }
    }
}
