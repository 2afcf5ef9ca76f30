import Foundation

extension KeyStore {
    /// Refuses every token of `user` issued until `now` and returns the moment (Unix seconds)
    /// before which they are refused. Tokens carry whole seconds, so the moment is the next whole
    /// second: a token issued in the revoking second is refused too.
    @discardableResult
    public func revokeTokens(user: String, now: Date = Date()) throws -> Int64 {
        let revokedBefore = Int64(now.timeIntervalSince1970.rounded(.down)) + 1
        try revokeTokens(user: user, issuedBefore: revokedBefore)
        return revokedBefore
    }
}
