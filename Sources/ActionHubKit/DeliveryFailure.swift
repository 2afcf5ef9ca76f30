import Foundation

/// A response that will not be delivered, with why: the app reads and observes these instead of
/// losing responses silently.
public struct DeliveryFailure: Codable, Sendable, Equatable {
    public enum Reason: String, Codable, Sendable {
        /// The server refused it for good (400, 403, 404, 409, 413, 415, 422, other 4xx).
        case refused
        /// Older than the kit's maximum age before it could be delivered.
        case expired
        /// Its category or action is not in the routes (or a required userInfo key is missing):
        /// not sent, since the server would refuse it after the user's data left the device.
        case notInRoutes
        /// The outbox could not take it (the disk is full): it was not forwarded.
        case notStored
    }

    /// An RFC 9457 problem document, as ActionHub answers errors.
    public struct Problem: Codable, Sendable, Equatable {
        public struct FieldError: Codable, Sendable, Equatable {
            public var field: String
            public var message: String
        }

        public var type: String?
        public var title: String?
        public var status: Int?
        public var detail: String?
        public var errors: [FieldError]?
    }

    public var id: String
    public var reason: Reason
    /// The HTTP status of the last answer; nil when there was none.
    public var status: Int?
    public var problem: Problem?
    public var failedAt: Date
    /// For `notInRoutes` and `notStored`: what was wrong.
    public var detail: String?

    public init(
        id: String, reason: Reason, status: Int? = nil, problem: Problem? = nil, failedAt: Date = Date(),
        detail: String? = nil
    ) {
        self.id = id
        self.reason = reason
        self.status = status
        self.problem = problem
        self.failedAt = failedAt
        self.detail = detail
    }
}
