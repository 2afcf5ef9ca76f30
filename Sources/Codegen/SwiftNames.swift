import ActionHubDomain

/// The Swift names `gen ios` gives categories (types) and actions (enum cases), and the route sets
/// it cannot name: `routes check` refuses those, so that what it accepts always compiles.
public enum SwiftNames {
    /// `social_post` → `SocialPost`.
    public static func typeName(_ category: String) -> String {
        let name = lowerCamel(category)
        return name.prefix(1).uppercased() + name.dropFirst()
    }

    /// `reply` → `reply`, `1st-class` → `_1stClass`; Apple's two identifiers → `defaultAction`
    /// and `dismissAction`.
    public static func caseName(_ action: String) -> String {
        switch action {
        case ActionRoute.defaultActionIdentifier: "defaultAction"
        case ActionRoute.dismissActionIdentifier: "dismissAction"
        default: lowerCamel(action)
        }
    }

    /// Each name clash or reserved word, as the route error `routes check` prints.
    public static func problems(in routes: RouteTable) -> [RouteError] {
        var errors: [RouteError] = []
        var types: [String: CategoryRoute] = [:]
        for category in routes.categories {
            let type = typeName(category.identifier)
            if let earlier = types[type] {
                errors.append(
                    RouteError(
                        file: category.sourceFile, field: "category",
                        message:
                            "\"\(category.identifier)\" and \"\(earlier.identifier)\" (\(earlier.sourceFile)) are both "
                            + "\(type) in Swift; rename one"))
            } else if reservedTypeNames.contains(type) {
                errors.append(
                    RouteError(
                        file: category.sourceFile, field: "category",
                        message: "\"\(category.identifier)\" becomes \(type) in Swift, which the generated code needs "
                            + "for something else; rename it"))
            }
            types[type] = types[type] ?? category
            var cases: [String: String] = [:]
            for (index, action) in category.actions.enumerated() {
                let name = caseName(action.identifier)
                let field = "actions[\(index)].identifier"
                if let earlier = cases[name] {
                    errors.append(
                        RouteError(
                            file: category.sourceFile, field: field,
                            message: "\"\(action.identifier)\" and \"\(earlier)\" are both \(name) in Swift; rename one"
                        ))
                } else if keywords.contains(name) || reservedCaseNames.contains(name) {
                    errors.append(
                        RouteError(
                            file: category.sourceFile, field: field,
                            message: "\"\(action.identifier)\" becomes \(name), a Swift keyword or a name the "
                                + "generated enum has already; rename it"))
                }
                cases[name] = cases[name] ?? action.identifier
            }
        }
        return errors
    }

    static func lowerCamel(_ text: String) -> String {
        let words = text.split { !$0.isLetter && !$0.isNumber }.map(String.init)
        guard !words.isEmpty else { return "unnamed" }
        let joined = words.enumerated().map { index, word in
            index == 0 ? word.prefix(1).lowercased() + word.dropFirst() : word.prefix(1).uppercased() + word.dropFirst()
        }.joined()
        return joined.first?.isNumber == true ? "_" + joined : joined
    }

    /// Types the generated file and its imports use by name.
    static let reservedTypeNames: Set<String> = [
        "ActionHubRoutes", "ActionHub", "ActionHubKit", "KitRoutes", "String", "Set", "URL", "Bundle", "Locale",
        "Foundation", "UserNotifications", "Swift", "Never", "Any", "Self", "Type", "Protocol", "Optional",
    ]

    /// What a `String`-backed `CaseIterable` enum already has.
    static let reservedCaseNames: Set<String> = ["rawValue", "allCases", "hashValue", "init", "self", "Type"]

    /// Swift's reserved words: declarations, statements, expressions and types. Contextual ones
    /// (`open`, `nonisolated`, `borrowing`, …) are left out: they name an enum case fine.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
        "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
    ]
}
