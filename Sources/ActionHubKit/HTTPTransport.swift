import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends one attempt. The kit's default is `URLSessionTransport`; tests substitute their own.
public protocol HTTPTransport: Sendable {
    /// The answer's status, `Retry-After` and body; throws when no answer came (network down,
    /// timeout).
    func post(_ url: URL, headers: [String: String], body: Data) async throws -> TransportAnswer
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

/// Attempts on a `URLSession`, in the foreground. (Delivery while the app is suspended, through a
/// background session, is the Apple glue's.)
public struct URLSessionTransport: HTTPTransport {
    private let session: URLSession

    public init(timeout: TimeInterval = 30) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        session = URLSession(configuration: configuration)
    }

    public func post(_ url: URL, headers: [String: String], body: Data) async throws -> TransportAnswer {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.upload(for: request, from: body)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        return TransportAnswer(
            status: http.statusCode, retryAfter: http.value(forHTTPHeaderField: "Retry-After"), body: data)
    }
}
