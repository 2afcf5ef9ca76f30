import ActionHubDomain
import JSON

/// `ActionHub.xcstrings`: every text of the routes under a stable key
/// (`<category>.<action>.title|button|placeholder`, `<category>.hiddenPreviewsBodyPlaceholder`,
/// `<category>.categorySummaryFormat`), in the source language, ready for translation in Xcode.
public struct StringCatalog: Sendable {
    public struct Entry: Sendable, Equatable {
        public var key: String
        public var value: String
        public var comment: String
    }

    public static let table = "ActionHub"

    public let entries: [Entry]

    public init(routes: RouteTable) {
        var entries: [Entry] = []
        for category in routes.categories {
            let prefix = category.identifier
            for action in category.actions where !action.isSystemAction {
                let key = "\(prefix).\(action.identifier)"
                entries.append(
                    Entry(
                        key: "\(key).title", value: action.title ?? action.identifier,
                        comment: "The \(action.identifier) button of \(category.identifier) notifications"))
                if let textInput = action.textInput {
                    entries.append(
                        Entry(
                            key: "\(key).button", value: textInput.buttonTitle,
                            comment: "The send button of the \(action.identifier) text field"))
                    entries.append(
                        Entry(
                            key: "\(key).placeholder", value: textInput.placeholder,
                            comment: "The empty \(action.identifier) text field"))
                }
            }
            if let placeholder = category.hiddenPreviewsBodyPlaceholder {
                entries.append(
                    Entry(
                        key: "\(prefix).hiddenPreviewsBodyPlaceholder", value: placeholder,
                        comment: "Shown instead of a hidden \(category.identifier) notification's body"))
            }
            if let format = category.categorySummaryFormat {
                entries.append(
                    Entry(
                        key: "\(prefix).categorySummaryFormat", value: format,
                        comment: "The summary of grouped \(category.identifier) notifications"))
            }
        }
        self.entries = entries
    }

    public func value(_ key: String) -> String? {
        entries.first { $0.key == key }?.value
    }

    /// The catalog file Xcode reads (format version 1.0), keys in order.
    public func document(sourceLanguage: String = "en") -> String {
        var strings = JSONObject()
        for entry in entries.sorted(by: { $0.key < $1.key }) {
            strings[entry.key] = .object([
                "comment": .string(entry.comment),
                "extractionState": .string("manual"),
                "localizations": .object([
                    sourceLanguage: .object([
                        "stringUnit": .object(["state": .string("translated"), "value": .string(entry.value)])
                    ])
                ]),
            ])
        }
        let catalog: JSONValue = .object([
            "sourceLanguage": .string(sourceLanguage), "strings": .object(strings), "version": .string("1.0"),
        ])
        return catalog.serialized() + "\n"
    }
}
