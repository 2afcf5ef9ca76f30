import ActionHubDomain
import Basics
import Foundation

/// Retention with the durable stores' semantics: the oldest events and what they made go, the
/// stats still count them.
extension InMemoryResponseStore {
    public func pruneEvents(receivedBefore cutoff: Int64, limit: Int) throws -> Int {
        let cutoffText = Timestamp.format(Date(timeIntervalSince1970: Double(cutoff) / 1000))
        return state.withLock { state in
            var tallies: [String: (category: String, postId: String, likes: Int, replies: Int)] = [:]
            let likes = state.likes.prefix(limit).prefix { $0.like.likedAt < cutoffText }
            for (_, like) in likes {
                let category = state.responses[like.responseId]?.response.category ?? ""
                tallies[category + "\u{0}" + like.postId, default: (category, like.postId, 0, 0)].likes += 1
            }
            let replies = state.replies.prefix(limit).prefix { $0.reply.createdAt < cutoffText }
            for (_, reply) in replies {
                let category = state.responses[reply.responseId]?.response.category ?? ""
                tallies[category + "\u{0}" + reply.postId, default: (category, reply.postId, 0, 0)].replies += 1
            }
            state.statsOnlyPostTallies += tallies.values
            let old = state.responses.values.filter { $0.response.receivedAt < cutoff }
                .sorted { $0.position < $1.position }.prefix(limit)
            for stored in old {
                state.responses[stored.response.id] = nil
                state.statsOnlyEvents.append(stored.response)
            }
            let members = state.members.prefix(limit).prefix { $0.membership.at < cutoffText }.count
            let answers = state.answers.prefix(limit).prefix { $0.answer.at < cutoffText }.count
            let entries = state.entries.prefix(limit).prefix { $0.entry.at < cutoffText }.count
            state.likes.removeFirst(likes.count)
            state.replies.removeFirst(replies.count)
            state.members.removeFirst(members)
            state.answers.removeFirst(answers)
            state.entries.removeFirst(entries)
            return old.count + likes.count + replies.count + members + answers + entries
        }
    }
}
