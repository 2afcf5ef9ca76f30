import ActionHub
import Dispatch

/// One request's event waiting in the commit queue, and the slot its result comes back in.
///
/// `result` is written once by the writer thread before `done` is signalled and read by the
/// requesting thread only after `wait()` returns; the semaphore orders the two.
final class CommitTicket: @unchecked Sendable {
    let response: NewResponse
    let perform: @Sendable (any ActionEffects) throws -> String
    private(set) var result: Result<RecordResult, any Error> = .failure(StoreClosed())
    private let done = DispatchSemaphore(value: 0)

    init(response: NewResponse, perform: @escaping @Sendable (any ActionEffects) throws -> String) {
        self.response = response
        self.perform = perform
    }

    func complete(_ result: Result<RecordResult, any Error>) {
        self.result = result
        done.signal()
    }

    func wait() {
        done.wait()
    }
}

/// The store is closed: nothing more is committed.
public struct StoreClosed: Error, Sendable, CustomStringConvertible {
    public var description: String { "the store is closed" }
}
