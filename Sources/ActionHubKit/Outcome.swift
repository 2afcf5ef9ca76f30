/// What a delivered response did, per handler, from ActionHub's answer.
public enum Outcome: Sendable, Equatable {
    case reply(replyId: String, text: String)
    case like(liked: Bool, alreadyLiked: Bool, likeCount: Int)
    case openScreen(screen: String, deepLink: String?)
    case dismissed
    /// A `toggle` route: whether the user is in the set now, whether this response changed that,
    /// and the set's size.
    case toggle(member: Bool, changed: Bool, count: Int)
    /// A `choice` route: the user's value now, the one it replaced, and every value's count.
    case choice(choice: String, value: String, previous: String?, counts: [String: Int])
    /// A `text` route: the entry the text was stored as.
    case text(entryId: String, text: String)
    /// A `record` route: the event is stored, nothing else.
    case record
    /// A `call` route: the object the team's backend answered, as it sent it.
    case call(result: [String: UserInfoValue])
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
        case "toggle":
            self = .toggle(
                member: result["member"]?.boolValue ?? false, changed: result["changed"]?.boolValue ?? false,
                count: result["count"]?.intValue ?? 0)
        case "choice":
            var counts: [String: Int] = [:]
            if case .object(let values)? = result["counts"] {
                for (value, count) in values { counts[value] = count.intValue ?? 0 }
            }
            self = .choice(
                choice: result["choice"]?.stringValue ?? "", value: result["value"]?.stringValue ?? "",
                previous: result["previous"]?.stringValue, counts: counts)
        case "text":
            self = .text(entryId: result["entryId"]?.stringValue ?? "", text: result["text"]?.stringValue ?? "")
        case "record":
            self = .record
        case "call":
            self = .call(result: result)
        default:
            self = .other(handler: handler, result: result)
        }
    }
}
