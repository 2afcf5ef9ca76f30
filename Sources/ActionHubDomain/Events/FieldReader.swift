import JSON

/// Reads typed fields out of a JSON object, recording a `FieldError` with the field's full path
/// for every field that is missing or of the wrong kind, so one pass reports every problem.
struct FieldReader {
    let object: JSONObject
    let prefix: String

    init(_ object: JSONObject, at prefix: String = "") {
        self.object = object
        self.prefix = prefix
    }

    func path(_ key: String) -> String {
        prefix.isEmpty ? key : "\(prefix).\(key)"
    }

    /// A string that must be present and non-empty when `required`; `null` counts as absent.
    func string(_ key: String, required: Bool, errors: inout [FieldError]) -> String? {
        switch object[key] {
        case nil, .null?:
            if required { errors.append(FieldError(field: path(key), message: "is required")) }
            return nil
        case .string(let value)?:
            if required && value.isEmpty {
                errors.append(FieldError(field: path(key), message: "must not be empty"))
                return nil
            }
            return value
        case let other?:
            errors.append(FieldError(field: path(key), message: "must be a string, not \(other.kindName)"))
            return nil
        }
    }

    func object(_ key: String, required: Bool, errors: inout [FieldError]) -> JSONObject? {
        switch object[key] {
        case nil, .null?:
            if required { errors.append(FieldError(field: path(key), message: "is required")) }
            return nil
        case .object(let value)?:
            return value
        case let other?:
            errors.append(FieldError(field: path(key), message: "must be an object, not \(other.kindName)"))
            return nil
        }
    }

    func array(_ key: String, errors: inout [FieldError]) -> [JSONValue]? {
        switch object[key] {
        case nil, .null?:
            return nil
        case .array(let value)?:
            return value
        case let other?:
            errors.append(FieldError(field: path(key), message: "must be an array, not \(other.kindName)"))
            return nil
        }
    }

    /// An array of distinct non-empty strings; absent is an empty array.
    func stringList(_ key: String, errors: inout [FieldError]) -> [String] {
        guard let elements = array(key, errors: &errors) else { return [] }
        var strings: [String] = []
        for (index, element) in elements.enumerated() {
            let field = "\(path(key))[\(index)]"
            guard case .string(let string) = element, !string.isEmpty else {
                errors.append(FieldError(field: field, message: "must be a non-empty string"))
                continue
            }
            if strings.contains(string) {
                errors.append(FieldError(field: field, message: "\"\(string)\" is listed twice"))
                continue
            }
            strings.append(string)
        }
        return strings
    }

    /// A list of option names, each one of `Option`'s cases.
    func options<Option: RawRepresentable & CaseIterable>(
        _ key: String, of type: Option.Type, errors: inout [FieldError]
    ) -> [Option] where Option.RawValue == String {
        stringList(key, errors: &errors).enumerated().compactMap { index, name in
            guard let option = Option(rawValue: name) else {
                let known = Option.allCases.map(\.rawValue).joined(separator: ", ")
                errors.append(
                    FieldError(field: "\(path(key))[\(index)]", message: "unknown option \"\(name)\"; known: \(known)"))
                return nil
            }
            return option
        }
    }

    func integer(_ key: String, in range: ClosedRange<Int>, errors: inout [FieldError]) -> Int? {
        switch object[key] {
        case nil, .null?:
            errors.append(FieldError(field: path(key), message: "is required"))
            return nil
        case let value?:
            guard let integer = value.integralValue, range.contains(integer) else {
                errors.append(
                    FieldError(
                        field: path(key),
                        message: "must be an integer from \(range.lowerBound) to \(range.upperBound)"))
                return nil
            }
            return integer
        }
    }

    func rejectUnknownKeys(allowed: Set<String>, errors: inout [FieldError]) {
        for key in object.keys where !allowed.contains(key) {
            errors.append(FieldError(field: path(key), message: "is not a known field"))
        }
    }
}
