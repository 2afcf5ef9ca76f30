/// What a delivered response did, per handler, from ActionHub's answer.
public enum Outcome: Sendable, Equatable {
    case reply(replyId: String, text: String)
    case like(liked: Bool, alreadyLiked: Bool, likeCount: Int)
    case openScreen(screen: String, deepLink: String?)
    case dismissed
    /// A handler this version of the kit does not know, with its result as sent.
    case other(handler: String, result: [String: UserInfoValue])

    /// ActionHub's answer to `POST /v1/responses` (201, or 200 for a replay).
    struct Answer: Decodable {
        var id: String
        var handler: String
        var result: [String: UserInfoValue]
    }

    init(handler: String, result: [String: UserInfoValue]) {
        switch handler {
        case "reply":
            self = .reply(replyId: result["replyId"]?.stringValue ?? "", text: result["text"]?.stringValue ?? "")
        case "like":
            self = .like(
                liked: result["liked"]?.boolValue ?? false, alreadyLiked: result["alreadyLiked"]?.boolValue ?? false,
                likeCount: result["likeCount"]?.intValue ?? 0)
        case "open-screen":
            self = .openScreen(screen: result["screen"]?.stringValue ?? "", deepLink: result["deepLink"]?.stringValue)
        case "dismiss":
            self = .dismissed
        default:
            self = .other(handler: handler, result: result)
        }
    }
}
