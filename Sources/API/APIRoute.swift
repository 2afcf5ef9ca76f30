import HTTP

/// One endpoint: where it is, who may call it, and the handler that answers. Adding an endpoint
/// is adding one of these to its group's list (`ActionHubAPI+Responses.swift`, …).
struct APIRoute: Sendable {
    typealias Handler = @Sendable (ActionHubAPI, APIRequest) throws -> HTTPAnswer

    var method: String
    /// A template like `/v1/posts/{postId}/likes`; it is also the route's label in logs and metrics.
    var path: String
    var requirement: AccessRequirement
    /// Answers now or later, or throws what to answer with (`Problem`, or an error
    /// `ActionHubAPI.problem(for:)` turns into one).
    var handler: Handler

    init(_ method: String, _ path: String, _ requirement: AccessRequirement, handler: @escaping Handler) {
        self.method = method
        self.path = path
        self.requirement = requirement
        self.handler = handler
    }
}
