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
        headers.first { ASCIICase.equal($0.name, name) }?.value
    }

    /// Every value of a query parameter.
    public func queryValues(_ name: String) -> [String] {
        query.filter { $0.name == name }.map(\.value)
    }
}
