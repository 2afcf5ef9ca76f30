import Foundation

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// A file only its owner may read, created once: `O_EXCL`, so two processes starting together
/// keep the first one's contents, and mode 0600 from the start, never readable by others.
enum SecretFile {
    struct Failure: Error, CustomStringConvertible {
        var path: String
        var operation: String
        var code: Int32

        var description: String { "\(operation) \(path) failed: \(String(cString: strerror(code))) (errno \(code))" }
    }

    /// False when the file already existed (its contents are left alone).
    static func create(_ path: String, contents: [UInt8]) throws -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            if errno == EEXIST { return false }
            throw Failure(path: path, operation: "creating", code: errno)
        }
        defer { close(descriptor) }
        var written = 0
        while written < contents.count {
            let count = contents[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else {
                let code = errno
                unlink(path)
                throw Failure(path: path, operation: "writing", code: code)
            }
            written += count
        }
        guard fsync(descriptor) == 0 else {
            let code = errno
            unlink(path)
            throw Failure(path: path, operation: "syncing", code: code)
        }
        return true
    }
}
