import ActionHubDomain

/// One request's event waiting in the commit queue, and whom to tell what became of it.
public final class CommitTicket: Sendable {
    public let response: NewResponse
    public let perform: @Sendable (any ActionEffects) throws -> String
    private let resolve: @Sendable (Result<RecordResult, any Error>) -> Void

    init(
        response: NewResponse, perform: @escaping @Sendable (any ActionEffects) throws -> String,
        resolve: @escaping @Sendable (Result<RecordResult, any Error>) -> Void
    ) {
        self.response = response
        self.perform = perform
        self.resolve = resolve
    }

    /// Called by the writer once, after the COMMIT (or with its failure); runs on the writer's
    /// thread, so what it does delays the next batch.
    public func complete(_ result: Result<RecordResult, any Error>) {
        resolve(result)
    }
}
