/// PostgreSQL array literals, `{"a","b"}`, for sending a batch's values as one parameter.
enum PostgreSQLArray {
    static func literal(_ values: some Sequence<String>) -> String {
        var text = "{"
        var first = true
        for value in values {
            if !first { text += "," }
            first = false
            text += "\""
            for character in value.unicodeScalars {
                if character == "\"" || character == "\\" { text += "\\" }
                text.unicodeScalars.append(character)
            }
            text += "\""
        }
        return text + "}"
    }

    static func literal(_ values: some Sequence<Int64>) -> String {
        "{" + values.map(String.init).joined(separator: ",") + "}"
    }
}
