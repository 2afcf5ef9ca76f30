import Foundation
import JSON

/// A recorded scenario: requests to send in order, each with what its answer must hold.
///
/// ```json
/// {"name": "like twice", "steps": [
///   {"request": {"method": "POST", "path": "/v1/responses", "body": {…}},
///    "expect": {"status": 201, "headers": {"Location": "…"}, "body": {"result": {"liked": true}}},
///    "save": {"first": "$", "cursor": "nextCursor"}}]}
/// ```
/// Strings may hold placeholders, filled per run so a fixture can run again against the same
/// database: `{{run}}` (a token fresh for each run), `{{uuid:label}}` (a fresh UUID per label),
/// `{{repeat:N:text}}` (text N times), and `{{name}}` (a value saved by an earlier step; alone in a
/// string it stands for the saved JSON value itself). In `expect.body`, `"{{any}}"` matches any
/// value that is present.
public struct Fixture: Sendable {
    public var name: String
    public var file: String
    public var steps: [Step]

    public struct Step: Sendable {
        public var method: String
        public var path: String
        /// A value of nil removes a default header (Content-Type).
        public var headers: [(name: String, value: String?)]
        public var body: Body?
        public var expectedStatus: Int
        public var expectedHeaders: [(name: String, value: String)]
        public var expectedBody: JSONValue?
        /// Saved name → path in the answer body (`$` for all of it, `items.0.userId`).
        public var saves: [(name: String, path: String)]
    }

    public enum Body: Sendable {
        case json(JSONValue)
        case raw(String)
        case base64(String)
    }

    /// Every `*.json` fixture in `directory`, in name order.
    public static func load(directory: String) throws(FixtureError) -> [Fixture] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }
                .sorted()
        } catch {
            throw FixtureError(file: directory, message: "cannot read the fixture directory")
        }
        return try names.map { name throws(FixtureError) in
            let path = (directory as NSString).appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: path) else {
                throw FixtureError(file: path, message: "cannot be read")
            }
            return try decode(Array(data), file: path)
        }
    }

    static func decode(_ bytes: [UInt8], file: String) throws(FixtureError) -> Fixture {
        let document: JSONValue
        do {
            document = try JSONParser().parse(bytes)
        } catch {
            throw FixtureError(file: file, message: "invalid JSON: \(error)")
        }
        guard let name = document["name"]?.stringValue, let stepValues = document["steps"]?.arrayValue,
            !stepValues.isEmpty
        else { throw FixtureError(file: file, message: "needs \"name\" and a non-empty \"steps\" array") }
        var steps: [Step] = []
        for (index, value) in stepValues.enumerated() {
            guard let step = Step(value) else {
                throw FixtureError(
                    file: file,
                    message: "steps[\(index)] needs request.method, request.path and an integer expect.status")
            }
            steps.append(step)
        }
        return Fixture(name: name, file: file, steps: steps)
    }
}

extension Fixture.Step {
    init?(_ value: JSONValue) {
        guard let request = value["request"]?.objectValue, let method = request["method"]?.stringValue,
            let path = request["path"]?.stringValue, let expect = value["expect"]?.objectValue,
            let status = expect["status"]?.intValue
        else { return nil }
        self.method = method
        self.path = path
        headers = (request["headers"]?.objectValue?.members ?? []).map { ($0.key, $0.value.stringValue) }
        if let json = request["body"] {
            body = .json(json)
        } else if let raw = request["rawBody"]?.stringValue {
            body = .raw(raw)
        } else if let base64 = request["rawBodyBase64"]?.stringValue {
            body = .base64(base64)
        } else {
            body = nil
        }
        expectedStatus = status
        expectedHeaders = (expect["headers"]?.objectValue?.members ?? []).compactMap { member in
            member.value.stringValue.map { (member.key, $0) }
        }
        expectedBody = expect["body"]
        saves = (value["save"]?.objectValue?.members ?? []).compactMap { member in
            member.value.stringValue.map { (member.key, $0) }
        }
    }
}
