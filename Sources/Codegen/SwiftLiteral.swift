import ActionHubDomain

/// Swift source text for values that come from route files.
enum SwiftLiteral {
    /// A double-quoted Swift string literal holding exactly `text`.
    static func string(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": literal += "\\\\"
            case "\"": literal += "\\\""
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case _ where scalar.isControl:
                literal += "\\u{\(String(scalar.value, radix: 16))}"
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }

    /// A lowerCamelCase Swift identifier from a route identifier (`social_post` → `socialPost`).
    static func identifier(_ text: String) -> String {
        let words = text.split { !$0.isLetter && !$0.isNumber }.map(String.init)
        guard !words.isEmpty else { return "unnamed" }
        let joined = words.enumerated().map { index, word in
            index == 0 ? word.prefix(1).lowercased() + word.dropFirst() : word.prefix(1).uppercased() + word.dropFirst()
        }.joined()
        let safe = joined.first?.isNumber == true ? "_" + joined : joined
        return reservedWords.contains(safe) ? "`\(safe)`" : safe
    }

    private static let reservedWords: Set<String> = [
        "class", "default", "enum", "func", "import", "in", "init", "let", "protocol", "return", "self", "static",
        "struct", "switch", "var", "case", "for", "while", "if", "else", "is", "as", "try", "throw", "where",
    ]
}
