/// Content-Type checks.
enum MediaType {
    /// `application/json`, in any case, with an optional `charset=utf-8` (RFC 8259 §8.1 allows no other).
    static func isJSON(_ contentType: String) -> Bool {
        // On every POST: plain UTF-8 comparisons, no Foundation string bridging.
        let parts = contentType.lowercased().split(separator: ";").map { part in
            part.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed()
        }
        guard let first = parts.first, String(first) == "application/json" else { return false }
        return parts.dropFirst().allSatisfy { parameter in
            let text = String(parameter)
            return text == "charset=utf-8" || text == "charset=\"utf-8\""
        }
    }
}
