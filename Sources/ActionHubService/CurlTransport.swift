import Curl
import Webhooks

/// Attempts over libcurl (http and https), keeping the connection to the endpoint alive between
/// attempts.
public final class CurlTransport: WebhookTransport {
    private let session: CurlSession

    public init() throws {
        session = try CurlSession()
    }

    public func post(url: String, headers: [(name: String, value: String)], body: [UInt8], timeout: Duration) throws
        -> Int
    {
        try session.post(
            url: url, headers: headers, body: body, timeoutMilliseconds: Int(timeout / .milliseconds(1)))
    }
}
