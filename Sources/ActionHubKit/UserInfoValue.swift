import Foundation

/// A JSON value from a push's userInfo or an answer's result: what travels, typed.
public enum UserInfoValue: Sendable, Hashable, Codable {
    case string(String)
    case integer(Int)
    case double(Double)
    case bool(Bool)
    case array([UserInfoValue])
    case object([String: UserInfoValue])
    case null

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let integer = try? container.decode(Int.self) {
            self = .integer(integer)
        } else if let double = try? container.decode(Double.self) {
            self = .double(double)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([UserInfoValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: UserInfoValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var intValue: Int? {
        if case .integer(let value) = self { return value }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The custom keys of a push's userInfo as JSON values: `aps` and anything that is not a JSON
    /// value (dates, data) stay on the device. JSONSerialization reads NSNumber booleans as
    /// booleans, which a cast from `Any` does not on every platform.
    public static func customKeys(of userInfo: [AnyHashable: Any]) -> [String: UserInfoValue] {
        var custom: [String: UserInfoValue] = [:]
        for (key, value) in userInfo {
            guard let key = key as? String, key != "aps", JSONSerialization.isValidJSONObject([value]),
                let data = try? JSONSerialization.data(withJSONObject: [value]),
                let decoded = try? JSONDecoder().decode([UserInfoValue].self, from: data).first
            else { continue }
            custom[key] = decoded
        }
        return custom
    }
}
