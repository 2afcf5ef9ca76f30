import Foundation

/// `openapi.yaml`, the API's OpenAPI 3.1 description, shipped as a resource of this module.
public enum OpenAPIDocument {
    /// Read once; nil when the resource bundle is not next to the executable.
    public static let text: String? = Bundle.module.url(forResource: "openapi", withExtension: "yaml").flatMap {
        try? String(contentsOf: $0, encoding: .utf8)
    }
}
