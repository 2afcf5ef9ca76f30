import Foundation

extension NotificationResponse {
    /// The id ActionHub stores this response under, derived from what the user did to which
    /// notification (its identifier, the action, the text): the same response forwarded twice, by a
    /// content extension and again by the app after `.dismissAndForwardAction`, or by a retry after
    /// the app was killed, is one event on the server. A UUID (version 8, from SHA-256), upper-case,
    /// as the API expects.
    public var eventID: String {
        var message = Array("actionhub.response.v1".utf8)
        for field in [notificationIdentifier, actionIdentifier] { message += Self.lengthPrefixed(field) }
        // Present-but-empty text and no text are different responses.
        message += userText.map { [1] + Self.lengthPrefixed($0) } ?? [0]
        var bytes = Array(SHA256.hash(message).prefix(16))
        bytes[6] = (bytes[6] & 0x0f) | 0x80
        bytes[8] = (bytes[8] & 0x3f) | 0x80
        let hex = bytes.map { String($0, radix: 16, uppercase: true).leftPadded(to: 2) }.joined()
        let groups = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
            String(hex.dropFirst(range.lowerBound).prefix(range.count))
        }
        return groups.joined(separator: "-")
    }

    private static func lengthPrefixed(_ field: String) -> [UInt8] {
        let bytes = Array(field.utf8)
        let length = UInt64(bytes.count)
        return stride(from: 56, through: 0, by: -8).map { UInt8(truncatingIfNeeded: length >> $0) } + bytes
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: Swift.max(0, width - count)) + self
    }
}
