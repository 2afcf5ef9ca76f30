import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends one attempt. The kit's default is `URLSessionTransport`; tests substitute their own.
public protocol HTTPTransport: Sendable {
    /// The answer's status, `Retry-After` and body; throws when no answer came (network down,
    /// timeout).
    func post(_ attempt: TransportAttempt) async throws -> TransportAnswer

    /// Whether an attempt with a `notBefore` is handed to the system, which starts it then even
    /// while the app is suspended or gone (a background session). The kit then gives a retry to the
    /// transport at once instead of waiting for it in the process.
    var defersToSystem: Bool { get }

    /// Where answers go that arrive for attempts no caller in this process waits for (an earlier
    /// launch made them): by entry id, nil when the attempt ended without an answer.
    func deliverEarlierLaunchAnswers(to handler: @escaping @Sendable (String, TransportAnswer?) -> Void)
}

extension HTTPTransport {
    public var defersToSystem: Bool { false }
    public func deliverEarlierLaunchAnswers(to handler: @escaping @Sendable (String, TransportAnswer?) -> Void) {}
}

/// One `POST /v1/responses`.
public struct TransportAttempt: Sendable, Equatable {
    /// The outbox entry's id (the event id): a background task carries it, so an answer that comes
    /// after a relaunch settles the right entry.
    public var id: String
    public var url: URL
    public var headers: [String: String]
    public var body: Data
    /// Not to start before this (a retry handed to the system); nil for now.
    public var notBefore: Date?

    public init(id: String, url: URL, headers: [String: String], body: Data, notBefore: Date? = nil) {
        self.id = id
        self.url = url
        self.headers = headers
        self.body = body
        self.notBefore = notBefore
    }

    var request: URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }
}

public struct TransportAnswer: Sendable, Equatable {
    public var status: Int
    public var retryAfter: String?
    public var body: Data

    public init(status: Int, retryAfter: String? = nil, body: Data = Data()) {
        self.status = status
        self.retryAfter = retryAfter
        self.body = body
    }
}

/// Attempts on a `URLSession`, in the foreground. (Delivery while the app is suspended goes
/// through `BackgroundSessionTransport`.)
public struct URLSessionTransport: HTTPTransport {
    private let session: URLSession

    public init(timeout: TimeInterval = 30) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        session = URLSession(configuration: configuration)
    }

    public func post(_ attempt: TransportAttempt) async throws -> TransportAnswer {
        let (data, response) = try await session.upload(for: attempt.request, from: attempt.body)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        return TransportAnswer(
            status: http.statusCode, retryAfter: http.value(forHTTPHeaderField: "Retry-After"), body: data)
    }
}
