import ActionHubDomain
import JSON

/// A user's rows as the durable stores give them to an export.
extension InMemoryResponseStore {
    public func personalData(userId: String, kind: PersonalDataKind, after position: Int64, limit: Int) throws
        -> [(position: Int64, json: String)]
    {
        let rows: [(Int64, (inout JSONWriter) -> Void)] = state.withLock { state in
            switch kind {
            case .events:
                state.responses.values.filter { $0.response.userId == userId }.map { stored in
                    let response = stored.response
                    return (
                        stored.position,
                        { json in
                            Self.fields(
                                &json,
                                [
                                    ("id", response.id), ("category", response.category),
                                    ("actionIdentifier", response.action),
                                ])
                            json.key("receivedAt")
                            json.integer(Int(response.receivedAt))
                            json.key("answer")
                            json.json(stored.body)
                            json.key("notification")
                            if let notification = response.notification {
                                json.json(notification)
                            } else {
                                json.value(.null)
                            }
                        }
                    )
                }
            case .likes:
                state.likes.filter { $0.like.userId == userId }.map { position, like in
                    (
                        position,
                        {
                            Self.fields(
                                &$0,
                                [("postId", like.postId), ("responseId", like.responseId), ("likedAt", like.likedAt)])
                        }
                    )
                }
            case .replies:
                state.replies.filter { $0.reply.userId == userId }.map { position, reply in
                    (
                        position,
                        {
                            Self.fields(
                                &$0,
                                [
                                    ("replyId", reply.replyId), ("postId", reply.postId), ("text", reply.text),
                                    ("responseId", reply.responseId), ("createdAt", reply.createdAt),
                                ])
                        }
                    )
                }
            case .memberships:
                state.members.filter { $0.membership.userId == userId }.map { position, member in
                    (
                        position,
                        {
                            Self.fields(
                                &$0,
                                [
                                    ("category", member.subject.category), ("subject", member.subject.subject),
                                    ("set", member.set), ("responseId", member.responseId), ("at", member.at),
                                ])
                        }
                    )
                }
            case .choices:
                state.answers.filter { $0.answer.userId == userId }.map { position, answer in
                    (
                        position,
                        {
                            Self.fields(
                                &$0,
                                [
                                    ("category", answer.subject.category), ("subject", answer.subject.subject),
                                    ("choice", answer.choice), ("value", answer.value),
                                    ("responseId", answer.responseId), ("at", answer.at),
                                ])
                        }
                    )
                }
            case .listEntries:
                state.entries.filter { $0.entry.userId == userId }.map { position, entry in
                    (
                        position,
                        {
                            Self.fields(
                                &$0,
                                [
                                    ("entryId", entry.entryId), ("category", entry.subject.category),
                                    ("subject", entry.subject.subject), ("list", entry.list), ("text", entry.text),
                                    ("responseId", entry.responseId), ("at", entry.at),
                                ])
                        }
                    )
                }
            case .devices:
                state.devices.filter { $0.device.userId == userId }.map { position, device in
                    (
                        position,
                        { json in
                            Self.fields(
                                &json,
                                [
                                    ("token", device.token), ("environment", device.environment.rawValue),
                                    ("topic", device.topic), ("state", device.state.rawValue),
                                ])
                            json.key("reason")
                            json.string(device.reason)
                            Self.fields(&json, [("registeredAt", device.registeredAt)])
                        }
                    )
                }
            }
        }
        return rows.filter { $0.0 > position }.sorted { $0.0 < $1.0 }.prefix(limit).map { position, write in
            var json = JSONWriter()
            json.openObject()
            write(&json)
            json.closeObject()
            return (position, json.text)
        }
    }

    private static func fields(_ json: inout JSONWriter, _ fields: [(String, String)]) {
        for (name, value) in fields {
            json.key(escaping: name)
            json.string(value)
        }
    }
}
