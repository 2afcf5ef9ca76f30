import Foundation

/// How the kit writes every file that holds a response (outbox entries, upload bodies): whole, by
/// an atomic rename, so a crash leaves the old version or the new one; and on iOS with the
/// protection class that keeps it readable after the first unlock, so a lock-screen action and a
/// background relaunch can still read it, while it is encrypted until then.
enum ProtectedFile {
    static func write(_ data: Data, to url: URL) throws {
        #if os(iOS) || os(watchOS) || os(tvOS) || os(visionOS)
            try data.write(to: url, options: [.atomic, .completeFileProtectionUntilFirstUserAuthentication])
        #else
            try data.write(to: url, options: [.atomic])
        #endif
    }
}
