import Basics
import Crypto
import Foundation
import JSON

/// APNs token authentication: an ES256 JWT, `{"alg":"ES256","kid":KEY_ID}.{"iss":TEAM_ID,"iat":…}`,
/// signed with the team's `.p8` key. Made once and reused by every request; made again once it
/// is `lifetime` old, or when APNs answers `ExpiredProviderToken` (`expired(_:)`), never per
/// request: Apple refuses tokens older than an hour and answers `TooManyProviderTokenUpdates` to a
/// provider that makes them more often than every 20 minutes (the bug of APNSwift#34, gorush#512).
/// <https://developer.apple.com/documentation/usernotifications/establishing-a-token-based-connection-to-apns>
public final class ProviderToken: Sendable {
    private struct State {
        let key: ES256Key
        var token: String?
        var issuedAt: Date = .distantPast
    }

    public let keyId: String
    public let teamId: String
    /// 40 minutes by default: well inside Apple's hour, well outside its 20-minute floor.
    public let lifetime: Duration
    private let now: @Sendable () -> Date
    private let state: Locked<State>

    public init(
        key: sending ES256Key, keyId: String, teamId: String, lifetime: Duration = .seconds(40 * 60),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.keyId = keyId
        self.teamId = teamId
        self.lifetime = lifetime
        self.now = now
        state = Locked(State(key: key))
    }

    /// The token to send now (`authorization: bearer …`).
    public func current() throws(CryptoError) -> String {
        let now = now()
        return try state.withLock { (state) throws(CryptoError) -> String in
            if let token = state.token, now.timeIntervalSince(state.issuedAt) < lifetime.inSeconds { return token }
            let issued = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
            let header: JSONValue = .object(["alg": .string("ES256"), "kid": .string(keyId)])
            let claims: JSONValue = .object([
                "iss": .string(teamId), "iat": JSONValue(Int(issued.timeIntervalSince1970)),
            ])
            let signingInput =
                Base64URL.encode(Array(header.serialized().utf8)) + "."
                + Base64URL.encode(Array(claims.serialized().utf8))
            let token = signingInput + "." + Base64URL.encode(try state.key.sign(Array(signingInput.utf8)))
            state.token = token
            state.issuedAt = issued
            return token
        }
    }

    /// APNs answered `ExpiredProviderToken` to `token`: the next `current()` makes a new one,
    /// unless another request has already replaced it.
    public func expired(_ token: String) {
        state.withLock { state in
            if state.token == token { state.token = nil }
        }
    }
}
