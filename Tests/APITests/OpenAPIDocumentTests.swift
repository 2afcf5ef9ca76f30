import API
import ActionHubDomain
import Auth
import Foundation
import HTTP
import JSON
import Testing

@Suite struct OpenAPIDocumentTests {
    /// The document is JSON under its leading comment lines (JSON is YAML too).
    static func document() throws -> JSONValue {
        let text = try #require(OpenAPIDocument.text)
        let json = text.split(separator: "\n", omittingEmptySubsequences: false).drop { $0.hasPrefix("#") }
            .joined(separator: "\n")
        return try JSONParser().parse(json)
    }

    @Test func everyRouteIsDocumentedAndNothingElse() throws {
        let document = try Self.document()
        #expect(document["openapi"] == .string("3.1.0"))
        let paths = try #require(document["paths"]?.objectValue)
        let api = try ActionHubAPITests().api
        var documented: Set<String> = []
        for member in paths.members {
            for method in member.value.objectValue?.keys ?? [] {
                documented.insert("\(method.uppercased()) \(member.key)")
            }
        }
        let served = Set(api.routes.map { "\($0.method) \($0.template)" })
        #expect(documented == served)
    }

    @Test func everyReferenceResolves() throws {
        let document = try Self.document()
        var references: [String] = []
        func collect(_ value: JSONValue) {
            switch value {
            case .object(let object):
                if let reference = object["$ref"]?.stringValue { references.append(reference) }
                object.members.forEach { collect($0.value) }
            case .array(let elements): elements.forEach(collect)
            default: break
            }
        }
        collect(document)
        #expect(!references.isEmpty)
        for reference in references {
            var target: JSONValue? = document
            for key in reference.dropFirst(2).split(separator: "/") { target = target?[String(key)] }
            #expect(target != nil, "\(reference) does not resolve")
        }
    }

    @Test func theDocumentIsServedWithoutCredentials() throws {
        let api = try ActionHubAPITests().api
        let response = api.respond(to: HTTPRequest(method: "GET", path: "/openapi.yaml")).wait()
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/yaml; charset=utf-8")
        #expect(String(decoding: response.body, as: UTF8.self) == OpenAPIDocument.text)
    }
}
