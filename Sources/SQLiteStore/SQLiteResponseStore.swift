import ActionHub
import Synchronization

/// The `ResponseStore` on an embedded SQLite database in WAL mode.
///
/// Writes go through one connection, serialized by a lock, and return after their COMMIT is
/// durable (`synchronous=FULL`). Reads use a pool of read-only connections that never wait for
/// the writer.
public final class SQLiteResponseStore: ResponseStore {
    /// A reader behind its own lock: the pool hands out slots round-robin.
    private final class ReaderSlot: Sendable {
        let reader: Mutex<Reader>

        init(reader: sending Reader) {
            self.reader = Mutex(reader)
        }
    }

    // Readers are declared, and so released, before the writer: the last connection to close
    // checkpoints the WAL and removes it, which only a read-write connection can do.
    private let readers: [ReaderSlot]
    private let writer: Mutex<Writer>
    private let nextReader = Atomic<Int>(0)
    public let path: String

    /// Opens (creating and migrating when needed) the database at `path`.
    public init(path: String, readerCount: Int = 4) throws {
        self.path = path
        // The writer comes first: it creates and migrates the database the readers open.
        let writer = try Writer(path: path)
        self.writer = Mutex(writer)
        readers = try (0..<max(1, readerCount)).map { _ in ReaderSlot(reader: try Reader(path: path)) }
    }

    public func record(_ response: NewResponse, perform: @Sendable (any ActionEffects) throws -> String) throws
        -> RecordResult
    {
        try writer.withLock { try $0.record(response, perform: perform) }
    }

    public func response(id: String) throws -> String? {
        try read { try $0.response(id: id) }
    }

    public func likes(postId: String, page: PageRequest) throws -> PostLikes {
        try read { try $0.likes(postId: postId, page: page) }
    }

    public func replies(postId: String, page: PageRequest) throws -> PostReplies {
        try read { try $0.replies(postId: postId, page: page) }
    }

    public func responses(userId: String, filter: ResponseFilter, page: PageRequest) throws -> Page<String> {
        try read { try $0.responses(userId: userId, filter: filter, page: page) }
    }

    private func read<Result: Sendable>(_ body: (Reader) throws -> Result) throws -> Result {
        let index = nextReader.add(1, ordering: .relaxed).oldValue
        return try readers[abs(index % readers.count)].reader.withLock { try body($0) }
    }
}

extension SQLiteResponseStore {
    /// A pragma's value on the writing connection, for checking the durability settings.
    func writerPragma(_ name: String) throws -> String? {
        try writer.withLock { try $0.pragma(name) }
    }
}
