import Basics

/// Time to action, as both stores measure it.
public enum PushTiming {
    /// From the push's first send (Unix milliseconds) to `respondedAt` (RFC 3339, as the app
    /// gave it), or to the receipt when it gave none; nil without a send.
    public static func millisecondsToAction(respondedAt: String?, receivedAt: Int64?, sentAt: Int64?) -> Int64? {
        guard let sentAt else { return nil }
        let responded = respondedAt.flatMap { Timestamp.milliseconds(parsing: $0) } ?? receivedAt
        return responded.map { max(0, $0 - sentAt) }
    }
}
