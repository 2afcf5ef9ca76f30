import JSON

extension FieldReader {
    /// A name that shows in URL paths and query values (`/sets/{set}`, `by=choice:rsvp:yes`):
    /// 1 to 64 of letters, digits, `_` and `-`.
    func name(_ key: String, errors: inout [FieldError]) -> String? {
        guard let value = string(key, required: true, errors: &errors) else { return nil }
        guard Self.isName(value) else {
            errors.append(
                FieldError(
                    field: path(key), message: "must be 1 to 64 letters, digits, \"_\" or \"-\"; got \"\(value)\""))
            return nil
        }
        return value
    }

    static func isName(_ value: String) -> Bool {
        (1...64).contains(value.utf8.count)
            && value.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                    true
                default: false
                }
            }
    }

    /// A boolean, false when absent.
    func flag(_ key: String, errors: inout [FieldError]) -> Bool {
        switch object[key] {
        case nil, .null?: return false
        case .bool(let value)?: return value
        case let other?:
            errors.append(FieldError(field: path(key), message: "must be true or false, not \(other.kindName)"))
            return false
        }
    }
}
