/// How the kit speaks to ActionHub for the signed-in user.
public enum Credential: Sendable, Equatable {
    /// A user token your backend minted (`POST /v1/tokens`): it names the user, so bodies leave
    /// `userId` out. What an app ships.
    case userToken(String)
    /// An API key with `responses:write`, for development: bodies carry the user id.
    case apiKey(String, userId: String)

    var authorization: String {
        switch self {
        case .userToken(let token): "Bearer \(token)"
        case .apiKey(let key, _): "Bearer \(key)"
        }
    }
}
