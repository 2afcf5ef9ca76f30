import Testing

@testable import ActionHubDomain

@Suite struct StatsBatchTests {
    static func response(_ user: String, action: String = "like") -> NewResponse {
        NewResponse(id: user + action, userId: user, category: "social_post", action: action, fingerprint: "f")
    }

    /// Each (bucket, user) once, in key order whatever the events' order: the order every writer
    /// takes the rows' locks in.
    @Test func distinctUserKeysHoldEachKeyOnceInKeyOrder() {
        let minute: Int64 = 1_764_000_000_000
        var batch = StatsBatch()
        for (user, action, at) in [
            ("u-2", "like", minute), ("u-1", "reply", minute), ("u-2", "like", minute + 1),
            ("u-1", "like", minute + 61_000), ("u-3", "like", minute),
        ] {
            batch.add(Self.response(user, action: action), receivedAt: at, likes: [], replies: [])
        }
        let keys = batch.distinctUserKeys
        #expect(keys == keys.sorted())
        #expect(Set(keys).count == keys.count)
        #expect(Set(keys) == Set(batch.userKeys.joined()))
        // Minutes: u-2 and u-3 liked in the first, u-1 replied in it, u-1 liked in the next;
        // hours and days: u-1, u-2 and u-3 liked, u-1 replied.
        #expect(keys.count == 4 + 4 + 4)
        #expect(
            keys.filter { $0.count.bucket == StatsBucket.allCases[0] }.map(\.userId) == ["u-2", "u-3", "u-1", "u-1"])
    }
}
