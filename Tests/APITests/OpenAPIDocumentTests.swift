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
        #expect(String(decoding: response.body, as: UTF8.self) == OpenAPIDocument.text(for: api.service.routes))
    }

    /// The served document names the loaded routes' categories and actions where parameters take
    /// them, as strict as the validator; the file in the repository stays route-agnostic.
    @Test func theServedDocumentHasTheRoutesAsEnums() throws {
        let api = try ActionHubAPITests().api
        let text = try #require(OpenAPIDocument.text(for: api.service.routes))
        let json = text.split(separator: "\n", omittingEmptySubsequences: false).drop { $0.hasPrefix("#") }
            .joined(separator: "\n")
        let served = try JSONParser().parse(json)
        let categories: JSONValue = .array(api.service.routes.categories.map { .string($0.identifier) })
        for (path, name) in [
            ("/v1/events", "category"), ("/v1/users/{userId}/responses", "category"), ("/v1/stats", "category"),
            ("/v1/categories/{category}/subjects/{subjectId}", "category"),
        ] {
            let parameters = served["paths"]?[path]?["get"]?["parameters"]?.arrayValue ?? []
            let parameter = parameters.first { $0["name"] == .string(name) }
            #expect(parameter?["schema"]?["enum"] == categories, "\(path) \(name)")
        }
        let events = served["paths"]?["/v1/events"]?["get"]?["parameters"]?.arrayValue ?? []
        let actions = events.first { $0["name"] == .string("action") }?["schema"]?["enum"]?.arrayValue ?? []
        #expect(actions.contains(.string("like")) && actions.contains(.string("accept")))
        #expect(
            try Self.document()["paths"]?["/v1/events"]?["get"]?["parameters"]?.arrayValue?.first {
                $0["name"] == .string("category")
            }?["schema"]?["enum"] == nil)
    }
}
