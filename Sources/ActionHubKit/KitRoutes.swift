import Foundation

/// What the kit knows of the server's routes: which categories and actions exist (others are not
/// forwarded: the server would refuse them after the user's userInfo left the device), which
/// userInfo keys each category needs, and the deep link each open-screen action opens. `actionhub
/// gen ios` writes one for the app's routes.
public struct KitRoutes: Sendable, Equatable {
    public struct Category: Sendable, Equatable {
        public var identifier: String
        public var requiredUserInfo: [String]
        /// The userInfo key naming what the category's actions act on, when its routes name one.
        public var subject: String?
        /// Action identifier → its deep-link template (`socialapp://posts/{postId}`), or nil.
        public var actions: [String: String?]
        /// Text-input actions' limits, in characters.
        public var textLimits: [String: Int]

        public init(
            identifier: String, requiredUserInfo: [String] = [], subject: String? = nil, actions: [String: String?],
            textLimits: [String: Int] = [:]
        ) {
            self.identifier = identifier
            self.requiredUserInfo = requiredUserInfo
            self.subject = subject
            self.actions = actions
            self.textLimits = textLimits
        }
    }

    public var categories: [String: Category]

    public init(_ categories: [Category]) {
        self.categories = Dictionary(categories.map { ($0.identifier, $0) }) { first, _ in first }
    }

    /// Why a response is not forwarded, or nil when it fits the routes: checked on the device, so a
    /// text the server would refuse never leaves it.
    public func problem(with response: NotificationResponse) -> String? {
        guard let category = categories[response.categoryIdentifier] else {
            return "category \(response.categoryIdentifier) is not in the routes"
        }
        guard category.actions.keys.contains(response.actionIdentifier) else {
            return "action \(response.actionIdentifier) is not in category \(category.identifier)"
        }
        // As the server checks them: a non-empty string each.
        if let missing = category.requiredUserInfo.first(where: { response.userInfo[$0]?.stringValue?.isEmpty != false }
        ) {
            return "userInfo has no \(missing) (a non-empty string)"
        }
        // Counted as the server counts them (characters); it would answer 422.
        if let limit = category.textLimits[response.actionIdentifier], let text = response.userText, text.count > limit
        {
            return "userText has \(text.count) characters; \(response.actionIdentifier) takes at most \(limit)"
        }
        return nil
    }

    /// The action's deep link with each `{key}` filled from userInfo, percent-encoded so that it
    /// stays one path segment: the same link the server answers with.
    public func deepLink(for response: NotificationResponse) -> URL? {
        guard let template = categories[response.categoryIdentifier]?.actions[response.actionIdentifier] ?? nil
        else { return nil }
        var link = template
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let key = String(rest[rest.index(after: open)..<close])
            let value = response.userInfo[key]?.stringValue ?? ""
            let encoded = value.addingPercentEncoding(withAllowedCharacters: Self.segmentCharacters) ?? ""
            link = link.replacingOccurrences(of: "{\(key)}", with: encoded)
            rest = rest[rest.index(after: close)...]
        }
        return URL(string: link)
    }

    private static let segmentCharacters: CharacterSet = {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/;?#")
        return allowed
    }()
}
