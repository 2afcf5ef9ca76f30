import ActionHubDomain

/// Writes the one Swift file an iOS app needs to match the routes: category registration, and a
/// delegate that forwards every `UNNotificationResponse` to ActionHub reliably and hands back the
/// outcome.
public struct IOSCodeGenerator: Sendable {
    public var routes: RouteTable
    /// Where the app sends responses: the server's base URL.
    public var endpoint: String

    public init(routes: RouteTable, endpoint: String) {
        self.routes = routes
        self.endpoint = endpoint
    }

    /// The marker lines around the Foundation-only request body builder, which tests compile and
    /// run on their own.
    public static let bodyBuilderStart = "// MARK: - Request body (Foundation only)"
    public static let bodyBuilderEnd = "// MARK: - End of request body"

    public func generate() -> String {
        IOSTemplate.text
            .replacingOccurrences(of: "{{ENDPOINT}}", with: SwiftLiteral.string(endpoint + "/v1/responses"))
            .replacingOccurrences(of: "{{IDENTIFIERS}}", with: identifierConstants())
            .replacingOccurrences(of: "{{CATEGORIES}}", with: categoryExpressions())
            .replacingOccurrences(of: "{{BODY_START}}", with: Self.bodyBuilderStart)
            .replacingOccurrences(of: "{{BODY_END}}", with: Self.bodyBuilderEnd)
    }

    private func identifierConstants() -> String {
        routes.categories.map { category in
            var lines = ["    enum \(typeName(category.identifier)) {"]
            lines.append("        static let category = \(SwiftLiteral.string(category.identifier))")
            for action in category.actions where !action.isSystemAction {
                lines.append(
                    "        static let \(SwiftLiteral.identifier(action.identifier)) = \(SwiftLiteral.string(action.identifier))"
                )
            }
            lines.append("    }")
            return lines.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    private func categoryExpressions() -> String {
        routes.categories.map { category in
            let actions = category.actions.filter { !$0.isSystemAction }.map(actionExpression)
            let actionList = actions.isEmpty ? "[]" : "[\n" + actions.joined(separator: ",\n") + ",\n                ]"
            return """
                            UNNotificationCategory(
                                identifier: \(SwiftLiteral.string(category.identifier)),
                                actions: \(actionList),
                                intentIdentifiers: [],
                                options: \(optionSet(category.options.map(\.swiftName))))
                """
        }.joined(separator: ",\n") + ","
    }

    private func actionExpression(_ action: ActionRoute) -> String {
        let options = optionSet(action.options.map(\.swiftName))
        let title = SwiftLiteral.string(action.title ?? action.identifier)
        let identifier = SwiftLiteral.string(action.identifier)
        if let textInput = action.textInput {
            return """
                                    UNTextInputNotificationAction(
                                        identifier: \(identifier), title: \(title), options: \(options),
                                        textInputButtonTitle: \(SwiftLiteral.string(textInput.buttonTitle)),
                                        textInputPlaceholder: \(SwiftLiteral.string(textInput.placeholder)))
                """
        }
        return """
                                UNNotificationAction(identifier: \(identifier), title: \(title), options: \(options))
            """
    }

    private func optionSet(_ names: [String]) -> String {
        "[" + names.map { "." + $0 }.joined(separator: ", ") + "]"
    }

    private func typeName(_ identifier: String) -> String {
        let name = SwiftLiteral.identifier(identifier).replacingOccurrences(of: "`", with: "")
        return name.prefix(1).uppercased() + name.dropFirst()
    }
}

extension ActionOption {
    /// The `UNNotificationActionOptions` member.
    var swiftName: String { rawValue }
}

extension CategoryOption {
    /// The `UNNotificationCategoryOptions` member.
    var swiftName: String { rawValue }
}
