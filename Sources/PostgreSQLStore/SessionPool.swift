import Basics
import PostgreSQL
import Synchronization

/// Sessions behind a lock each, handed out free ones first.
final class SessionPool: Sendable {
    private let slots: [Locked<Session>]
    private let next = Atomic<Int>(0)

    init(url: String, size: Int, statements: [(name: String, sql: String)]) {
        slots = (0..<max(1, size)).map { _ in Locked(Session(url: url, statements: statements)) }
    }

    /// Runs `body` on a pooled connection: the first one free, looking from a round-robin start
    /// (`Locked.withFirstAvailable`). With `retryIfLost` a
    /// connection found lost is replaced and `body` runs once more: only for work that is safe to
    /// repeat, such as reads.
    func withConnection<Result: Sendable>(
        retryIfLost: Bool = false, _ body: (PostgreSQLConnection) throws -> Result
    ) throws -> Result {
        let run = { (session: inout Session) throws -> Result in
            do {
                return try session.withConnection(body)
            } catch let error as PostgreSQLError where error.isConnectionLost && retryIfLost {
                return try session.withConnection(body)
            }
        }
        let start = abs(next.add(1, ordering: .relaxed).oldValue % slots.count)
        return try Locked.withFirstAvailable(of: slots.count, from: start, { slots[$0] }, run)
    }
}
