import Foundation
import JSON

/// Reads `routes/*.json` into a `RouteTable`, refusing anything a client or handler could trip on:
/// unknown fields, handlers and options, duplicate identifiers, a handler's own rules.
public struct RouteLoader: Sendable {
    public let handlers: HandlerRegistry

    public init(handlers: HandlerRegistry) {
        self.handlers = handlers
    }

    /// Every `.json` file in `directory`, in name order. Throws every problem found, not just the first.
    public func load(directory: String) throws(RouteLoadFailure) -> RouteTable {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
                .filter { $0.hasSuffix(".json") }
                .sorted()
        } catch {
            throw RouteLoadFailure([
                RouteError(file: directory, field: "", message: "cannot read the routes directory")
            ])
        }
        guard !names.isEmpty else {
            throw RouteLoadFailure([RouteError(file: directory, field: "", message: "holds no .json route file")])
        }
        var categories: [CategoryRoute] = []
        var errors: [RouteError] = []
        for name in names {
            let path = (directory as NSString).appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: path) else {
                errors.append(RouteError(file: path, field: "", message: "cannot be read"))
                continue
            }
            switch decode(Array(data), file: path) {
            case .success(let category):
                if let earlier = categories.first(where: { $0.identifier == category.identifier }) {
                    errors.append(
                        RouteError(
                            file: path, field: "category",
                            message: "\"\(category.identifier)\" is already declared in \(earlier.sourceFile)"))
                } else {
                    categories.append(category)
                }
            case .failure(let failure):
                errors.append(contentsOf: failure.errors)
            }
        }
        guard errors.isEmpty else { throw RouteLoadFailure(errors) }
        return RouteTable(categories: categories, handlers: handlers)
    }

    /// One route file's bytes, checked as a whole.
    public func decode(_ bytes: [UInt8], file: String) -> Result<CategoryRoute, RouteLoadFailure> {
        let document: JSONValue
        do {
            document = try JSONParser().parse(bytes)
        } catch {
            let (line, column) = Self.lineAndColumn(of: error.offset, in: bytes)
            return .failure(
                RouteLoadFailure([
                    RouteError(
                        file: file, field: "", message: "invalid JSON at line \(line), column \(column): \(error)")
                ]))
        }
        guard case .object(let object) = document else {
            return .failure(
                RouteLoadFailure([RouteError(file: file, field: "", message: "must be a JSON object")]))
        }
        var errors: [FieldError] = []
        let category = decodeCategory(object, file: file, errors: &errors)
        guard errors.isEmpty, let category else {
            return .failure(
                RouteLoadFailure(errors.map { RouteError(file: file, field: $0.field, message: $0.message) }))
        }
        return .success(category)
    }

    private func decodeCategory(_ object: JSONObject, file: String, errors: inout [FieldError]) -> CategoryRoute? {
        let reader = FieldReader(object)
        reader.rejectUnknownKeys(
            allowed: [
                "category", "options", "requiredUserInfo", "actions", "hiddenPreviewsBodyPlaceholder",
                "categorySummaryFormat", "subject",
            ], errors: &errors)
        let identifier = reader.string("category", required: true, errors: &errors)
        let options = reader.options("options", of: CategoryOption.self, errors: &errors)
        let requiredUserInfo = reader.stringList("requiredUserInfo", errors: &errors)
        let subject = reader.string("subject", required: false, errors: &errors)
        if let subject, !requiredUserInfo.contains(subject) {
            errors.append(
                FieldError(
                    field: "subject",
                    message: "\"\(subject)\" must be one of requiredUserInfo, so that every response carries it"))
        }
        let hiddenPreviewsBodyPlaceholder = reader.string(
            "hiddenPreviewsBodyPlaceholder", required: false, errors: &errors)
        let categorySummaryFormat = reader.string("categorySummaryFormat", required: false, errors: &errors)
        let actionValues = reader.array("actions", errors: &errors) ?? []
        if actionValues.isEmpty {
            errors.append(FieldError(field: "actions", message: "must list at least one action"))
        }
        var actions: [ActionRoute] = []
        var actionFields: [String] = []
        for (index, value) in actionValues.enumerated() {
            let field = "actions[\(index)]"
            guard case .object(let actionObject) = value else {
                errors.append(FieldError(field: field, message: "must be an object"))
                continue
            }
            guard let action = decodeAction(actionObject, at: field, errors: &errors) else { continue }
            if actions.contains(where: { $0.identifier == action.identifier }) {
                errors.append(
                    FieldError(
                        field: "\(field).identifier", message: "\"\(action.identifier)\" is declared twice"))
                continue
            }
            actions.append(action)
            actionFields.append(field)
        }
        guard let identifier else { return nil }
        let category = CategoryRoute(
            identifier: identifier, options: options, requiredUserInfo: requiredUserInfo, subject: subject,
            actions: actions,
            hiddenPreviewsBodyPlaceholder: hiddenPreviewsBodyPlaceholder, categorySummaryFormat: categorySummaryFormat,
            document: object, sourceFile: file)
        for (action, field) in zip(actions, actionFields) {
            errors.append(
                contentsOf: check(action, in: category).map {
                    FieldError(field: "\(field).\($0.field)", message: $0.message)
                })
        }
        return category
    }

    /// Rules that span an action and its category; fields relative to the action entry.
    private func check(_ action: ActionRoute, in category: CategoryRoute) -> [FieldError] {
        var errors: [FieldError] = []
        if action.identifier == ActionRoute.dismissActionIdentifier && !category.options.contains(.customDismissAction)
        {
            errors.append(
                FieldError(
                    field: "identifier",
                    message: "iOS delivers dismissals only for categories with the option customDismissAction"))
        }
        guard let handler = handlers.handler(named: action.handler) else { return errors }
        if handler.textInput == .required && action.textInput == nil {
            errors.append(FieldError(field: "textInput", message: "handler \"\(handler.name)\" needs a text input"))
        } else if handler.textInput == .forbidden && action.textInput != nil {
            errors.append(
                FieldError(
                    field: "textInput",
                    message: "handler \"\(handler.name)\" takes no text; only a reply route has textInput"))
        }
        if handler.needsSubject && category.subject == nil {
            errors.append(
                FieldError(
                    field: "handler",
                    message: "handler \"\(handler.name)\" keeps state per subject; the category must name its "
                        + "\"subject\" (a requiredUserInfo key)"))
        }
        return errors + handler.check(action, in: category)
    }

    /// 1-based line and column (in bytes) of a byte offset, for JSON errors a person can find.
    static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }

    private static let commonActionKeys: Set<String> = [
        "identifier", "title", "options", "textInput", "icon", "handler",
    ]

    private func decodeAction(_ object: JSONObject, at prefix: String, errors: inout [FieldError]) -> ActionRoute? {
        let reader = FieldReader(object, at: prefix)
        let identifier = reader.string("identifier", required: true, errors: &errors)
        let isSystemAction =
            identifier == ActionRoute.defaultActionIdentifier || identifier == ActionRoute.dismissActionIdentifier
        let title = reader.string("title", required: !isSystemAction, errors: &errors)
        let options = reader.options("options", of: ActionOption.self, errors: &errors)
        if isSystemAction && (!options.isEmpty || title != nil) {
            errors.append(
                FieldError(field: "\(prefix).identifier", message: "Apple's system actions take no title or options"))
        }
        let textInput = reader.object("textInput", required: false, errors: &errors).flatMap {
            decodeTextInput($0, at: "\(prefix).textInput", errors: &errors)
        }
        let icon = reader.string("icon", required: false, errors: &errors)
        if isSystemAction && icon != nil {
            errors.append(
                FieldError(field: "\(prefix).icon", message: "Apple's system actions have no button to show it"))
        }
        let handlerName = reader.string("handler", required: true, errors: &errors)
        let handler = handlerName.flatMap { handlers.handler(named: $0) }
        if let handlerName, handler == nil {
            errors.append(
                FieldError(
                    field: "\(prefix).handler",
                    message: "unknown handler \"\(handlerName)\"; known: \(handlers.names.joined(separator: ", "))"))
        }
        var settings = JSONObject()
        for member in object.members where !Self.commonActionKeys.contains(member.key) {
            if let handler, handler.settingKeys.contains(member.key) {
                settings[member.key] = member.value
            } else if handler != nil {
                errors.append(
                    FieldError(
                        field: "\(prefix).\(member.key)",
                        message: "is not a field of an action with handler \"\(handlerName ?? "")\""))
            } else if !handlers.allSettingKeys.contains(member.key) {
                // Without a known handler its own keys cannot be told apart, but a key no handler
                // takes is a typo either way ("hander").
                errors.append(FieldError(field: "\(prefix).\(member.key)", message: "is not a known field"))
            }
        }
        guard let identifier, let handlerName else { return nil }
        return ActionRoute(
            identifier: identifier, title: title, options: options, textInput: textInput, icon: icon,
            handler: handlerName, settings: settings)
    }

    private func decodeTextInput(_ object: JSONObject, at prefix: String, errors: inout [FieldError]) -> TextInput? {
        let reader = FieldReader(object, at: prefix)
        reader.rejectUnknownKeys(allowed: ["buttonTitle", "placeholder", "maxLength"], errors: &errors)
        let buttonTitle = reader.string("buttonTitle", required: true, errors: &errors)
        let placeholder = reader.string("placeholder", required: false, errors: &errors) ?? ""
        let maxLength = reader.integer("maxLength", in: 1...TextInput.longestAllowed, errors: &errors)
        guard let buttonTitle, let maxLength else { return nil }
        return TextInput(buttonTitle: buttonTitle, placeholder: placeholder, maxLength: maxLength)
    }
}

extension TextInput {
    /// The request body is capped at 64 KiB; no route may promise more text than fits in it.
    public static let longestAllowed = 10_000
}
