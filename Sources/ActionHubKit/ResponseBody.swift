import Foundation

/// The body of `POST /v1/responses`. Encoded once, when the response is put in the outbox (before
/// the credential is known, so without `userId`); every retry sends those same bytes with the same
/// id, which is what makes retries safe.
public struct ResponseBody: Codable, Sendable, Equatable {
    public struct Notification: Codable, Sendable, Equatable {
        public var identifier: String
        public var categoryIdentifier: String
        public var date: String
        public var userInfo: [String: UserInfoValue]
    }

    /// Upper-case UUID: the idempotency key.
    public var id: String
    public var actionIdentifier: String
    /// Only with an API key; a user token names its user and the server fills it in.
    public var userId: String?
    public var userText: String?
    public var notification: Notification
    public var respondedAt: String

    public init(id: String, response: NotificationResponse, userId: String?, respondedAt: Date) {
        self.id = id
        actionIdentifier = response.actionIdentifier
        self.userId = userId
        userText = response.userText
        notification = Notification(
            identifier: response.notificationIdentifier, categoryIdentifier: response.categoryIdentifier,
            date: Self.timestamp(response.notificationDate), userInfo: response.userInfo)
        self.respondedAt = Self.timestamp(respondedAt)
    }

    /// The bytes to send: sorted keys, so the same value always makes the same bytes.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// The bytes to send with `credential`: as stored, or with `userId` for an API key (a user
    /// token names its user). The same for every attempt with the same credential.
    static func bytes(_ stored: Data, for credential: Credential) -> Data {
        guard case .apiKey(_, let userId) = credential, var body = try? JSONDecoder().decode(Self.self, from: stored)
        else { return stored }
        body.userId = userId
        return (try? body.encoded()) ?? stored
    }

    /// RFC 3339 in UTC with milliseconds, as the API's timestamps are.
    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
