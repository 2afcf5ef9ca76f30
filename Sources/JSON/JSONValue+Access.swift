extension JSONValue {
    public var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The number as an integer, when its literal is one (no fraction, no exponent) and fits.
    public var intValue: Int? {
        if case .number(let literal) = self { return Int(literal) }
        return nil
    }

    /// What a validation message calls this value's kind.
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// Looks up `key` when this is an object.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }
}
