import CSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file of a database, its write-ahead log or the database itself, opened once more
/// (read-only) so that what a connection wrote to it can be made durable on another thread: the
/// writer commits with `synchronous=NORMAL` and goes on with its next transaction while the
/// log's `sync` runs. Everything written to the file before `sync` is called is on disk when it
/// returns, as after a `synchronous=FULL` commit. <https://www.sqlite.org/wal.html>
public final class SyncedFile: Sendable {
    public let path: String
    private let descriptor: Int32

    /// Opens the log, `<database>-wal`, which a connection in WAL mode has just created, and
    /// syncs its folder once, so that the log file itself survives a power loss, not only its
    /// contents.
    public convenience init(logOf databasePath: String) throws(SQLiteError) {
        try self.init(path: databasePath + "-wal")
        let folder = open(Self.folder(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw Self.failure("open the folder of", path, code: SQLITE_CANTOPEN) }
        defer { close(folder) }
        guard fsync(folder) == 0 else { throw Self.failure("fsync the folder of", path, code: SQLITE_IOERR) }
    }

    /// Opens the file at `path`, which already exists on disk.
    public init(path: String) throws(SQLiteError) {
        self.path = path
        let opened = open(path, O_RDONLY | O_CLOEXEC)
        guard opened >= 0 else { throw Self.failure("open", path, code: SQLITE_CANTOPEN) }
        descriptor = opened
    }

    deinit {
        close(descriptor)
    }

    /// fdatasync: returns once every byte written to the file so far is on disk.
    public func sync() throws(SQLiteError) {
        guard fdatasync(descriptor) == 0 else { throw Self.failure("fdatasync", path, code: Self.fsyncFailed) }
    }

    /// `SQLITE_IOERR_FSYNC`, a macro Swift does not import.
    static let fsyncFailed = SQLITE_IOERR | (4 << 8)

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func failure(_ operation: String, _ path: String, code: Int32) -> SQLiteError {
        SQLiteError(code: code, message: "\(operation) \(path): \(String(cString: strerror(errno)))")
    }
}
