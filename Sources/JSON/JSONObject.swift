/// An ordered JSON object. Keys are unique: the parser rejects duplicates, and `subscript(set)`
/// replaces an existing member in place.
public struct JSONObject: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    public struct Member: Sendable, Equatable {
        public var key: String
        public var value: JSONValue

        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    public private(set) var members: [Member]

    public init() {
        members = []
    }

    /// Members whose keys the caller knows to be unique, as the parser does.
    init(uniqueMembers: [Member]) {
        members = uniqueMembers
    }

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        members = []
        for (key, value) in elements { self[key] = value }
    }

    public var keys: [String] { members.map(\.key) }
    public var isEmpty: Bool { members.isEmpty }
    public var count: Int { members.count }

    public subscript(key: String) -> JSONValue? {
        get { members.first { $0.key == key }?.value }
        set {
            let index = members.firstIndex { $0.key == key }
            switch (index, newValue) {
            case (let index?, let value?): members[index].value = value
            case (let index?, nil): members.remove(at: index)
            case (nil, let value?): members.append(Member(key: key, value: value))
            case (nil, nil): break
            }
        }
    }

    /// Two objects are equal when they hold the same members, whatever their order (RFC 8259 §4).
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.members.count == rhs.members.count else { return false }
        return lhs.members.allSatisfy { rhs[$0.key] == $0.value }
    }
}
