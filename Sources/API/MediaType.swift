/// Content-Type checks.
enum MediaType {
    /// `application/json`, in any case, with an optional `charset=utf-8` (RFC 8259 §8.1 allows no other).
    static func isJSON(_ contentType: String) -> Bool {
        // On every POST: byte comparisons, no Foundation and no per-character String work.
        let lowered = Array(contentType.utf8).map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        let parts = lowered.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map { part in
            part.drop { $0 == 0x20 || $0 == 0x09 }.reversed().drop { $0 == 0x20 || $0 == 0x09 }.reversed()
        }
        guard let first = parts.first, Array(first) == Array("application/json".utf8) else { return false }
        return parts.dropFirst().allSatisfy { parameter in
            let bytes = Array(parameter)
            return bytes == Array("charset=utf-8".utf8) || bytes == Array("charset=\"utf-8\"".utf8)
        }
    }
}
