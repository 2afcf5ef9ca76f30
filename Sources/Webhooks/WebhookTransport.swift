/// Sends one attempt. Each delivery thread has its own, so an implementation keeps per-thread
/// state (a connection kept alive) without locks.
public protocol WebhookTransport {
    /// The HTTP status the endpoint answered; throws when no answer came within `timeout`.
    func post(url: String, headers: [(name: String, value: String)], body: [UInt8], timeout: Duration) throws -> Int
}
