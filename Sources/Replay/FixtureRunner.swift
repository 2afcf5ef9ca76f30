import Foundation
import HTTPClient
import JSON

/// Replays fixtures against a running server over HTTP.
public struct FixtureRunner: Sendable {
    public let client: HTTPClient

    /// With `credential`, every request carries `Authorization: Bearer <credential>` unless its
    /// step sets `Authorization` itself (or sets it to null, to send none).
    public init(client: HTTPClient, credential: String? = nil) {
        var client = client
        if let credential { client.defaultHeaders.append(("Authorization", "Bearer \(credential)")) }
        self.client = client
    }

    /// How often one step waits out a 429 before its answer counts as it is.
    static let rateLimitWaits = 5

    /// nil when every step's answer matched; otherwise what failed first.
    public func run(_ fixture: Fixture) -> String? {
        var placeholders = Placeholders()
        for (index, step) in fixture.steps.enumerated() {
            if let failure = run(step, placeholders: &placeholders) {
                return "step \(index + 1) (\(step.method) \(step.path)): \(failure)"
            }
        }
        return nil
    }

    private func run(_ step: Fixture.Step, placeholders: inout Placeholders) -> String? {
        var headers: [(name: String, value: String)] = []
        let body: [UInt8]
        switch step.body {
        case .json(let json)?:
            headers.append(("Content-Type", "application/json"))
            body = Array(placeholders.fill(json).serialized().utf8)
        case .raw(let text)?:
            headers.append(("Content-Type", "application/json"))
            body = Array(placeholders.fill(text).utf8)
        case .base64(let encoded)?:
            headers.append(("Content-Type", "application/json"))
            guard let data = Data(base64Encoded: encoded) else { return "rawBodyBase64 is not base64" }
            body = Array(data)
        case nil:
            body = []
        }
        var client = self.client
        for header in step.headers {
            headers.removeAll { $0.name.lowercased() == header.name.lowercased() }
            client.defaultHeaders.removeAll { $0.name.lowercased() == header.name.lowercased() }
            if let value = header.value { headers.append((header.name, placeholders.fill(value))) }
        }

        var response: HTTPClientResponse
        do {
            response = try client.send(
                method: step.method, path: placeholders.fill(step.path), headers: headers, body: body)
            // The server's rate limit is not what a fixture tests (unless it expects the 429):
            // a replay waits as the answer says and sends the same request again.
            var waits = 0
            while response.status == 429, step.expectedStatus != 429, waits < Self.rateLimitWaits {
                waits += 1
                Thread.sleep(forTimeInterval: Double(response.header("Retry-After").flatMap(Int.init) ?? 1))
                response = try client.send(
                    method: step.method, path: placeholders.fill(step.path), headers: headers, body: body)
            }
        } catch {
            return "request failed: \(error)"
        }
        let answer = try? JSONParser().parse(response.body)
        guard response.status == step.expectedStatus else {
            return "status \(response.status), expected \(step.expectedStatus); body: \(response.text.prefix(400))"
        }
        for expected in step.expectedHeaders {
            let wanted = placeholders.fill(expected.value)
            guard let actual = response.header(expected.name) else { return "header \(expected.name) is missing" }
            guard actual == wanted else { return "header \(expected.name) is \"\(actual)\", expected \"\(wanted)\"" }
        }
        if let expectedBody = step.expectedBody {
            guard let answer else { return "body is not JSON: \(response.text.prefix(400))" }
            if let difference = JSONMatcher.mismatch(expected: placeholders.fill(expectedBody), actual: answer) {
                return difference
            }
        }
        for save in step.saves {
            guard let answer, let value = JSONMatcher.value(at: save.path, in: answer) else {
                return "cannot save \(save.name): no \(save.path) in the body"
            }
            placeholders.save(save.name, value)
        }
        return nil
    }
}
