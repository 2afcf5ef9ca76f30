import JSON

/// What a handler decided for one event, before the event reaches the commit queue: at most one
/// effect for the store to apply in the event's transaction, and how its outcome reads in the
/// answer. A value, so the writer applies it without running any handler code.
public enum EffectPlan: Sendable {
    /// Nothing to change beyond storing the event; the result is known already.
    case answer(JSONObject)
    case like(Like)
    case reply(Reply)
    case toggle(Membership, remove: Bool)
    /// `values` are every value the category's routes declare for the choice, in their order:
    /// the answer counts each, zeros included.
    case choose(ChoiceAnswer, values: [String])
    case append(ListEntry)
    /// Ask the team's backend; its answer is the result. `ResponseService` makes the call before
    /// the event is queued and plans what it answered as `.answer`: a call never reaches a store.
    case call(BackendCall)
}

extension EffectPlan {
    /// Applies the effect through `effects` and returns the answer's `result` object.
    public func apply(to effects: any ActionEffects) throws -> JSONObject {
        switch self {
        case .answer(let result):
            return result
        case .like(let like):
            let change = try effects.addLike(like)
            return [
                "liked": .bool(true), "alreadyLiked": .bool(!change.added), "likeCount": JSONValue(change.likeCount),
            ]
        case .reply(let reply):
            try effects.addReply(reply)
            return ["replyId": .string(reply.replyId), "text": .string(reply.text)]
        case .toggle(let membership, let remove):
            let change = try effects.toggle(membership, remove: remove)
            return [
                "member": .bool(change.member), "changed": .bool(change.changed), "count": JSONValue(change.count),
            ]
        case .choose(let answer, let values):
            let change = try effects.choose(answer)
            var counts = JSONObject()
            for value in values { counts[value] = JSONValue(change.counts[value] ?? 0) }
            return [
                "choice": .string(answer.choice), "value": .string(answer.value),
                "previous": JSONValue(change.previous),
                "counts": .object(counts),
            ]
        case .append(let entry):
            try effects.append(entry)
            return ["entryId": .string(entry.entryId), "text": .string(entry.text)]
        case .call:
            preconditionFailure("a call is made before its event is queued; its answer is stored as .answer")
        }
    }

    /// The subject whose rows the effect locks, for stores that order a batch's locks.
    public var lockKey: String? {
        switch self {
        case .answer, .call: nil
        case .like(let like): like.postId
        case .reply(let reply): reply.postId
        case .toggle(let membership, _): membership.subject.subject
        case .choose(let answer, _): answer.subject.subject
        case .append(let entry): entry.subject.subject
        }
    }
}
