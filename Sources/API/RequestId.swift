import ActionHubDomain
import Basics
import HTTP
import Synchronization

/// The id that ties a request to its log line: the client's `X-Request-Id` when it is a sane
/// token, else a made one in the shape of a UUID: a random prefix drawn once per process and a
/// counter. Unique without a system call per request (two `getrandom` calls each, before).
enum RequestId {
    private static let processPrefix = String(UUIDText.random().prefix(24))
    private static let counter = Atomic<UInt64>(0)

    static func take(from request: HTTPRequest) -> String {
        if let given = request.header("X-Request-Id"), (1...128).contains(given.utf8.count),
            given.utf8.allSatisfy({ (0x21...0x7E).contains($0) && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
            )
        {
            return given
        }
        return make()
    }

    /// The next made id: `xxxxxxxx-xxxx-4xxx-yxxx-` then 12 hexadecimal digits of the counter.
    static func make() -> String {
        let number = counter.add(1, ordering: .relaxed).newValue & 0xFFFF_FFFF_FFFF
        let digits = String(number, radix: 16)
        return processPrefix + String(repeating: "0", count: 12 - digits.utf8.count) + digits
    }
}
