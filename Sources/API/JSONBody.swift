import ActionHubDomain
import HTTP
import JSON

/// The JSON object a request carries, or the problem to answer with: 415 for another media type,
/// 400 for JSON that does not parse, 422 for JSON that is not an object.
enum JSONBody {
    static func object(from request: HTTPRequest) throws -> JSONObject {
        guard let contentType = request.header("Content-Type"), MediaType.isJSON(contentType) else {
            throw Problem.unsupportedMediaType(request.header("Content-Type"))
        }
        let body: JSONValue
        do {
            body = try JSONParser().parse(request.body)
        } catch {
            throw Problem.malformedJSON(error.description)
        }
        guard case .object(let object) = body else {
            throw ValidationFailure([FieldError(field: "body", message: "must be a JSON object")])
        }
        return object
    }

    /// One error per member the endpoint does not know, to report with the other field errors.
    static func unknownFields(of object: JSONObject, known: Set<String>) -> [FieldError] {
        object.keys.filter { !known.contains($0) }.map { FieldError(field: $0, message: "is not a known field") }
    }
}
