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

    public func plan(_ event: ActionEvent) -> EffectPlan {
        let screen = event.action.settings["screen"]?.stringValue ?? ""
        let deepLink = event.action.settings["deepLink"]?.stringValue.map { fill($0, from: event) }
        return .answer(["screen": .string(screen), "deepLink": JSONValue(deepLink)])
    }

    /// Each `{key}` becomes the userInfo value, percent-encoded so it stays one path segment.
    /// Built as bytes: Foundation's `replacingOccurrences` and `addingPercentEncoding` were 5% of
    /// the process's user CPU under the PostgreSQL POST mix, where 10% of the events open a screen.
    private func fill(_ template: String, from event: ActionEvent) -> String {
        var link: [UInt8] = []
        link.reserveCapacity(template.utf8.count + 16)
        Self.scan(template) {
            link.append(contentsOf: $0)
        } placeholder: { key in
            Self.appendSegmentEncoded(event.notification.userInfo[key]?.stringValue ?? "", to: &link)
        }
        return String(decoding: link, as: UTF8.self)
    }

    /// As `addingPercentEncoding(withAllowedCharacters:)` with `urlPathAllowed` less "/;?#": every
    /// other byte of the UTF-8 as %XX in upper-case hex.
    static func appendSegmentEncoded(_ value: String, to bytes: inout [UInt8]) {
        for byte in value.utf8 {
            guard !segmentBytes[Int(byte)] else {
                bytes.append(byte)
                continue
            }
            bytes.append(UInt8(ascii: "%"))
            bytes.append(hexDigits[Int(byte >> 4)])
            bytes.append(hexDigits[Int(byte & 15)])
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// A path segment's characters left as they are: `CharacterSet.urlPathAllowed` less "/;?#".
    private static let segmentBytes: [Bool] = {
        var allowed = [Bool](repeating: false, count: 256)
        for byte in "!$&'()*+,-.0123456789:=@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~".utf8 {
            allowed[Int(byte)] = true
        }
        return allowed
    }()

    static func placeholders(in template: String) -> [String] {
        var keys: [String] = []
        scan(template) { _ in
        } placeholder: {
            keys.append($0)
        }
        return keys
    }

    /// The template's pieces in order: text as it is, and the key of each `{key}` (a "{" with no
    /// "}" after it is text).
    private static func scan(
        _ template: String, literal: (Substring.UTF8View) -> Void, placeholder: (String) -> Void
    ) {
        var rest = template.utf8[...]
        while let open = rest.firstIndex(of: UInt8(ascii: "{")),
            let close = rest[open...].firstIndex(of: UInt8(ascii: "}"))
        {
            literal(rest[..<open])
            placeholder(String(decoding: rest[rest.index(after: open)..<close], as: UTF8.self))
            rest = rest[rest.index(after: close)...]
        }
        literal(rest)
    }
}
