import Foundation

/// Content-Type checks.
enum MediaType {
    /// `application/json`, in any case, with an optional `charset=utf-8` (RFC 8259 §8.1 allows no other).
    static func isJSON(_ contentType: String) -> Bool {
        let parts = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard parts.first == "application/json" else { return false }
        return parts.dropFirst().allSatisfy { parameter in
            parameter == "charset=utf-8" || parameter == "charset=\"utf-8\""
        }
    }
}
