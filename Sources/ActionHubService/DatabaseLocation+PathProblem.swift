import Foundation

extension DatabaseLocation {
    /// Why a SQLite database cannot be opened for writing at a path, in words, found before SQLite
    /// would say only "unable to open database file" (error 14) or fail later on its first write.
    public struct PathProblem: Error, CustomStringConvertible, Equatable {
        public var path: String
        public var reason: String

        public var description: String { "cannot use \(path) as the database: \(reason)" }

        /// Nil when the path can hold a database ActionHub writes: its directory exists and is
        /// writable (SQLite keeps `-wal` and `-shm` files beside it), and the file, if there, is a
        /// writable regular file.
        public init?(path: String) {
            let files = FileManager.default
            guard !path.isEmpty else {
                self.init(path: path, reason: "the path is empty (check --database or ACTIONHUB_DATABASE)")
                return
            }
            var isDirectory: ObjCBool = false
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
            if files.fileExists(atPath: path, isDirectory: &isDirectory) {
                if isDirectory.boolValue {
                    self.init(path: path, reason: "it is a directory, not a database file")
                    return
                }
                if let denial = Self.writeDenial(path) {
                    self.init(path: path, reason: "the file is \(denial)")
                    return
                }
            } else if !files.fileExists(atPath: directory, isDirectory: &isDirectory) {
                self.init(path: path, reason: "the directory \(directory) does not exist (create it first)")
                return
            } else if !isDirectory.boolValue {
                self.init(path: path, reason: "\(directory) is not a directory")
                return
            }
            if let denial = Self.writeDenial(directory) {
                self.init(
                    path: path,
                    reason: "the directory \(directory) is \(denial) (SQLite keeps its -wal and -shm files beside the "
                        + "database)")
                return
            }
            return nil
        }

        init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }

        /// Why this process may not write `path`, or nil when it may: `access(2)` answers for this
        /// process's user (root included) and tells a read-only file system apart.
        private static func writeDenial(_ path: String) -> String? {
            guard access(path, W_OK) != 0 else { return nil }
            switch errno {
            case EROFS: return "on a read-only file system"
            case EACCES, EPERM: return "not writable by this user (check its owner and mode)"
            default: return "not writable (\(String(cString: strerror(errno))))"
            }
        }
    }
}
