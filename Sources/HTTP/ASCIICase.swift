/// Case-insensitive equality of ASCII tokens (header names, codings): only letters fold, and the
/// bytes are compared in place. A lowercased `String` per header name, or zipped UTF-8 views,
/// cost ~7k instructions a request.
public enum ASCIICase {
    public static func equal(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Bool {
        guard first.count == second.count else { return false }
        for index in first.indices where first[index] != second[index] {
            let folded = first[index] | 0x20
            guard folded == second[index] | 0x20, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(folded) else {
                return false
            }
        }
        return true
    }

    public static func equal(_ first: String, _ second: String) -> Bool {
        guard first.utf8.count == second.utf8.count else { return false }
        var first = first
        var second = second
        return first.withUTF8 { first in second.withUTF8 { equal(first, $0) } }
    }
}
