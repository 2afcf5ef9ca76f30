import JSON

/// Checks that an answer holds what a fixture expects: every expected object member, arrays of
/// the same length element by element, scalars exactly; `"{{any}}"` stands for any present value.
enum JSONMatcher {
    /// nil when it matches; otherwise where and how it differs.
    static func mismatch(expected: JSONValue, actual: JSONValue, path: String = "$") -> String? {
        if expected == .string("{{any}}") { return nil }
        switch (expected, actual) {
        case (.object(let expectedObject), .object(let actualObject)):
            for member in expectedObject.members {
                let memberPath = "\(path).\(member.key)"
                guard let actualValue = actualObject[member.key] else { return "\(memberPath) is missing" }
                if let difference = mismatch(expected: member.value, actual: actualValue, path: memberPath) {
                    return difference
                }
            }
            return nil
        case (.array(let expectedElements), .array(let actualElements)):
            guard expectedElements.count == actualElements.count else {
                return "\(path) has \(actualElements.count) elements, expected \(expectedElements.count)"
            }
            for (index, pair) in zip(expectedElements, actualElements).enumerated() {
                if let difference = mismatch(expected: pair.0, actual: pair.1, path: "\(path)[\(index)]") {
                    return difference
                }
            }
            return nil
        default:
            return expected == actual ? nil : "\(path) is \(actual.serialized()), expected \(expected.serialized())"
        }
    }

    /// The value at a dotted path (`items.0.userId`); `$` is the whole value.
    static func value(at path: String, in value: JSONValue) -> JSONValue? {
        guard path != "$" else { return value }
        var current: JSONValue? = value
        for key in path.split(separator: ".") {
            if let index = Int(key), let array = current?.arrayValue {
                current = array.indices.contains(index) ? array[index] : nil
            } else {
                current = current?[String(key)]
            }
        }
        return current
    }
}
