import ActionHubDomain

/// Erasure with the durable stores' semantics: rows gone, listings' counts with them, the stats
/// still counting the erased events under a name that is not the user's.
extension InMemoryResponseStore {
    public func erase(userId: String) throws -> ErasedCounts {
        state.withLock { state in
            let devices = state.devices.count { $0.device.userId == userId }
            state.devices.removeAll { $0.device.userId == userId }
            let erased = state.responses.values.filter { $0.response.userId == userId }
            guard !erased.isEmpty else { return ErasedCounts(devices: devices) }
            state.erasures += 1
            let standIn = "erased-\(state.erasures)"
            var tallies: [String: (category: String, postId: String, likes: Int, replies: Int)] = [:]
            for (_, like) in state.likes where like.userId == userId {
                let category = state.responses[like.responseId]?.response.category ?? ""
                tallies[category + "\u{0}" + like.postId, default: (category, like.postId, 0, 0)].likes += 1
            }
            for (_, reply) in state.replies where reply.userId == userId {
                let category = state.responses[reply.responseId]?.response.category ?? ""
                tallies[category + "\u{0}" + reply.postId, default: (category, reply.postId, 0, 0)].replies += 1
            }
            state.statsOnlyPostTallies += tallies.values
            var counts = ErasedCounts(events: erased.count, devices: devices)
            counts.likes = state.likes.count { $0.like.userId == userId }
            counts.replies = state.replies.count { $0.reply.userId == userId }
            counts.memberships = state.members.count { $0.membership.userId == userId }
            counts.choices = state.answers.count { $0.answer.userId == userId }
            counts.listEntries = state.entries.count { $0.entry.userId == userId }
            state.likes.removeAll { $0.like.userId == userId }
            state.replies.removeAll { $0.reply.userId == userId }
            state.members.removeAll { $0.membership.userId == userId }
            state.answers.removeAll { $0.answer.userId == userId }
            state.entries.removeAll { $0.entry.userId == userId }
            for stored in erased {
                state.responses[stored.response.id] = nil
                state.erasedIDs.insert(stored.response.id)
                var counted = stored.response
                counted.userId = standIn
                state.statsOnlyEvents.append(counted)
            }
            return counts
        }
    }

    public func wasErased(id: String) throws -> Bool {
        state.withLock { $0.erasedIDs.contains(id) }
    }
}
