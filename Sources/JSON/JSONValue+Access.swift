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

    public var boolValue: Bool? {
        if case .bool(let bool) = self { return bool }
        return nil
    }

    /// The number as an integer, when its literal is one (no fraction, no exponent) and fits.
    public var intValue: Int? {
        if case .number(let literal) = self { return Int(literal) }
        return nil
    }

    /// The number as an integer when its value is one, as JSON Schema's `integer` counts it:
    /// `3626`, `3626.0` and `3.626e3` alike; nil for fractions and from ±2^53 on, where a double
    /// no longer tells integers apart.
    public var integralValue: Int? {
        guard case .number(let literal) = self else { return nil }
        if let integer = Int(literal) { return integer }
        guard let number = Double(literal), number.isFinite, number == number.rounded(.towardZero),
            abs(number) < 9_007_199_254_740_992
        else { return nil }
        return Int(number)
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
