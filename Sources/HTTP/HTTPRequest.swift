/// A complete HTTP request as the server received it.
public struct HTTPRequest: Sendable {
    public var method: String
    /// The path as sent, still percent-encoded, without the query.
    public var path: String
    /// Query parameters in order, percent-decoded (`+` as space); a key without `=` has value "".
    public var query: [(name: String, value: String)]
    /// Header fields in order, names as sent.
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(
        method: String, path: String, query: [(name: String, value: String)] = [],
        headers: [(name: String, value: String)] = [], body: [UInt8] = []
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// The first header of that name, compared case-insensitively (names are ASCII tokens:
    /// compared byte by byte, with nothing lowercased into a new string).
    public func header(_ name: String) -> String? {
        headers.first { Self.sameName($0.name, name) }?.value
    }

    static func sameName(_ first: String, _ second: String) -> Bool {
        first.utf8.count == second.utf8.count
            && zip(first.utf8, second.utf8).allSatisfy { first, second in
                first == second || (first | 0x20 == second | 0x20 && (0x61...0x7A).contains(first | 0x20))
            }
    }

    /// Every value of a query parameter.
    public func queryValues(_ name: String) -> [String] {
        query.filter { $0.name == name }.map(\.value)
    }
}
