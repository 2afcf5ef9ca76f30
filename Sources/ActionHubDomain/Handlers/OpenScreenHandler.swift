import Foundation
import JSON

/// Answers which screen the app opens, and the deep link to it, filled from the push's userInfo:
/// `"deepLink": "socialapp://posts/{postId}"`.
public struct OpenScreenHandler: ActionHandler {
    public init() {}

    public var name: String { "open-screen" }
    public var settingKeys: Set<String> { ["screen", "deepLink"] }

    public func check(_ action: ActionRoute, in category: CategoryRoute) -> [FieldError] {
        var errors: [FieldError] = []
        let reader = FieldReader(action.settings)
        _ = reader.string("screen", required: true, errors: &errors)
        if let template = reader.string("deepLink", required: false, errors: &errors) {
            for key in Self.placeholders(in: template) where !category.requiredUserInfo.contains(key) {
                errors.append(
                    FieldError(
                        field: "deepLink",
                        message: "placeholder {\(key)} must be listed in the category's requiredUserInfo"))
            }
        }
        return errors
    }

    public func handle(_ event: ActionEvent, effects: any ActionEffects) throws -> JSONObject {
        let screen = event.action.settings["screen"]?.stringValue ?? ""
        let deepLink = event.action.settings["deepLink"]?.stringValue.map { fill($0, from: event) }
        return ["screen": .string(screen), "deepLink": JSONValue(deepLink)]
    }

    /// Each `{key}` becomes the userInfo value, percent-encoded so it stays one path segment.
    private func fill(_ template: String, from event: ActionEvent) -> String {
        var link = template
        for key in Self.placeholders(in: template) {
            let value = event.notification.userInfo[key]?.stringValue ?? ""
            let encoded = value.addingPercentEncoding(withAllowedCharacters: Self.segmentCharacters) ?? ""
            link = link.replacingOccurrences(of: "{\(key)}", with: encoded)
        }
        return link
    }

    private static let segmentCharacters: CharacterSet = {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/;?#")
        return allowed
    }()

    static func placeholders(in template: String) -> [String] {
        var keys: [String] = []
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            keys.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return keys
    }
}
