import ActionHubDomain
import JSON

/// A push for a routed category, as APNs takes it: `aps.category`, `aps.alert`,
/// `aps.mutable-content: 1` when media is attached (so the service extension can download it),
/// and the category's userInfo keys at the top level.
public struct APNsPayload: Sendable {
    /// APNs refuses larger payloads.
    public static let maximumBytes = 4096
    /// The key `xcrun simctl push` reads the target app from; not part of what APNs would get.
    public static let simulatorBundleKey = "Simulator Target Bundle"
    /// The custom key the media URL travels in.
    public static let mediaURLKey = "media-url"

    public var category: String
    public var userInfo: [(key: String, value: String)]
    public var title: String?
    public var body: String?
    public var mediaURL: String?
    public var subtitle: String?
    /// `default`, or a sound file's name in the app bundle.
    public var sound: String?
    public var badge: Int?
    public var threadId: String?
    /// `passive`, `active`, `time-sensitive` or `critical`.
    public var interruptionLevel: String?

    public static let interruptionLevels = ["passive", "active", "time-sensitive", "critical"]

    public init(
        category: String, userInfo: [(key: String, value: String)], title: String? = nil, body: String? = nil,
        mediaURL: String? = nil, subtitle: String? = nil, sound: String? = nil, badge: Int? = nil,
        threadId: String? = nil, interruptionLevel: String? = nil
    ) {
        self.category = category
        self.userInfo = userInfo
        self.title = title
        self.body = body
        self.mediaURL = mediaURL
        self.subtitle = subtitle
        self.sound = sound
        self.badge = badge
        self.threadId = threadId
        self.interruptionLevel = interruptionLevel
    }

    /// iOS shows no alert, and so no buttons, for a push without a title or a body.
    public var showsNoAlert: Bool { title == nil && body == nil }

    /// The payload as JSON text, checked against the routes; with `simulatorBundle`, the contents of
    /// a `.apns` file for `xcrun simctl push`.
    public func json(routes: RouteTable, simulatorBundle: String? = nil) throws(APNsPayloadError) -> String {
        guard let route = routes.category(category) else {
            throw .unknownCategory(category, known: routes.categories.map(\.identifier))
        }
        var aps = JSONObject()
        var alert = JSONObject()
        alert["title"] = title.map(JSONValue.string)
        alert["subtitle"] = subtitle.map(JSONValue.string)
        alert["body"] = body.map(JSONValue.string)
        if !alert.isEmpty { aps["alert"] = .object(alert) }
        aps["category"] = .string(category)
        if mediaURL != nil { aps["mutable-content"] = JSONValue(1) }
        aps["sound"] = sound.map(JSONValue.string)
        aps["badge"] = badge.map { JSONValue($0) }
        aps["thread-id"] = threadId.map(JSONValue.string)
        if let interruptionLevel {
            guard Self.interruptionLevels.contains(interruptionLevel) else {
                throw .unknownInterruptionLevel(interruptionLevel)
            }
            aps["interruption-level"] = .string(interruptionLevel)
        }

        var payload: JSONObject = ["aps": .object(aps)]
        var custom = userInfo
        if let mediaURL { custom.append((Self.mediaURLKey, mediaURL)) }
        for (key, value) in custom {
            guard key != "aps", key != Self.simulatorBundleKey else { throw .reservedKey(key) }
            guard payload[key] == nil else { throw .duplicateKey(key) }
            payload[key] = .string(value)
        }
        for key in route.requiredUserInfo where (payload[key]?.stringValue ?? "").isEmpty {
            throw .missingUserInfo(key, category: category)
        }
        let size = JSONValue.object(payload).serialized().utf8.count
        guard size <= Self.maximumBytes else { throw .tooLarge(bytes: size) }
        if let simulatorBundle { payload[Self.simulatorBundleKey] = .string(simulatorBundle) }
        return JSONValue.object(payload).serialized()
    }
}

/// Why a payload was refused.
public enum APNsPayloadError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownCategory(String, known: [String])
    case missingUserInfo(String, category: String)
    case duplicateKey(String)
    case reservedKey(String)
    case tooLarge(bytes: Int)
    case unknownInterruptionLevel(String)

    public var description: String {
        switch self {
        case .unknownCategory(let category, let known):
            "unknown category \"\(category)\"; known: \(known.joined(separator: ", "))"
        case .missingUserInfo(let key, let category):
            "category \"\(category)\" requires the userInfo key \"\(key)\" (--user-info \(key)=VALUE)"
        case .duplicateKey(let key):
            "the key \"\(key)\" is given twice"
        case .reservedKey(let key):
            "\"\(key)\" cannot be a userInfo key"
        case .tooLarge(let bytes):
            "the payload is \(bytes) bytes; APNs takes at most \(APNsPayload.maximumBytes)"
        case .unknownInterruptionLevel(let level):
            "interruption level \"\(level)\" is not one of \(APNsPayload.interruptionLevels.joined(separator: ", "))"
        }
    }
}
