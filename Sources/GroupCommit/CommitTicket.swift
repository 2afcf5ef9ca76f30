import ActionHub
import Dispatch

/// One request's event waiting in the commit queue, and the slot its result comes back in.
///
/// `result` is written once by the writer thread before `done` is signalled and read by the
/// requesting thread only after `wait()` returns; the semaphore orders the two.
public final class CommitTicket: @unchecked Sendable {
    public let response: NewResponse
    public let perform: @Sendable (any ActionEffects) throws -> String
    public private(set) var result: Result<RecordResult, any Error> = .failure(StoreClosed())
    private let done = DispatchSemaphore(value: 0)

    init(response: NewResponse, perform: @escaping @Sendable (any ActionEffects) throws -> String) {
        self.response = response
        self.perform = perform
    }

    public func complete(_ result: Result<RecordResult, any Error>) {
        self.result = result
        done.signal()
    }

    func wait() {
        done.wait()
    }
}
