import ActionHubDomain
import Basics
import PostgreSQL

/// The statements of a transaction's last round trip, built from what its events gathered.
extension PostgreSQLWriter {
    /// The events and replies recorded without savepoints, each kind in one statement.
    func deferredStatements() -> [PostgreSQLStatement] {
        var statements: [PostgreSQLStatement] = []
        if !deferredResponses.isEmpty {
            let responses = deferredResponses.map(\.response)
            let patterns = responses.map { WebhookEventPattern.candidates(category: $0.category, action: $0.action) }
            statements.append(
                .prepared(
                    "insert_responses",
                    [
                        PostgreSQLArray.literal(responses.map(\.id)), PostgreSQLArray.literal(responses.map(\.userId)),
                        PostgreSQLArray.literal(responses.map(\.category)),
                        PostgreSQLArray.literal(responses.map(\.action)),
                        PostgreSQLArray.literal(responses.map(\.fingerprint)),
                        PostgreSQLArray.literal(deferredResponses.map(\.body)),
                        PostgreSQLArray.literal(responses.map(\.notification)),
                        PostgreSQLArray.literal(responses.map(\.receivedAt)), String(Timestamp.milliseconds()),
                        PostgreSQLArray.literal(patterns.map { $0[0] }),
                        PostgreSQLArray.literal(patterns.map { $0[1] }),
                        PostgreSQLArray.literal(patterns.map { $0[2] }),
                    ]))
        }
        if !deferredReplies.isEmpty {
            statements.append(
                .prepared(
                    "insert_replies",
                    [
                        PostgreSQLArray.literal(deferredReplies.map(\.replyId)),
                        PostgreSQLArray.literal(deferredReplies.map(\.postId)),
                        PostgreSQLArray.literal(deferredReplies.map(\.userId)),
                        PostgreSQLArray.literal(deferredReplies.map(\.text)),
                        PostgreSQLArray.literal(deferredReplies.map(\.responseId)),
                        PostgreSQLArray.literal(deferredReplies.map(\.createdAt)),
                    ]))
        }
        return statements
    }

    /// The batch's aggregates in two statements whatever it holds, each key in sorted order so
    /// that writers lock the rows they share (the current minute, a hot post) in the same order.
    func statsStatements() -> [PostgreSQLStatement] {
        guard !statsBatch.isEmpty else { return [] }
        let users = statsBatch.distinctUserKeys
        let counts = statsBatch.counts.sorted { $0.key < $1.key }
        var statements: [PostgreSQLStatement] = [
            .prepared(
                "stats_add",
                [
                    PostgreSQLArray.literal(users.map(\.count.category)),
                    PostgreSQLArray.literal(users.map(\.count.bucket.code)),
                    PostgreSQLArray.literal(users.map(\.count.start)),
                    PostgreSQLArray.literal(users.map(\.count.action)), PostgreSQLArray.literal(users.map(\.userId)),
                    PostgreSQLArray.literal(counts.map(\.key.category)),
                    PostgreSQLArray.literal(counts.map(\.key.bucket.code)),
                    PostgreSQLArray.literal(counts.map(\.key.start)), PostgreSQLArray.literal(counts.map(\.key.action)),
                    PostgreSQLArray.literal(counts.map { Int64($0.value.count) }),
                ])
        ]
        let posts = statsBatch.posts.sorted { $0.key < $1.key }
        if !posts.isEmpty {
            statements.append(
                .prepared(
                    "stats_add_posts",
                    [
                        PostgreSQLArray.literal(posts.map(\.key.category)),
                        PostgreSQLArray.literal(posts.map(\.key.postId)),
                        PostgreSQLArray.literal(posts.map { Int64($0.value.likes) }),
                        PostgreSQLArray.literal(posts.map { Int64($0.value.replies) }),
                    ]))
        }
        return statements
    }

    /// Last before COMMIT and in post order, so that a hot post's counts row is locked only for
    /// the COMMIT, and concurrent batches lock the posts they share in the same order.
    func postCountsStatements() -> [PostgreSQLStatement] {
        guard !postCounts.isEmpty else { return [] }
        let posts = postCounts.sorted { $0.key < $1.key }
        return [
            .prepared(
                "add_post_counts",
                [
                    PostgreSQLArray.literal(posts.map(\.key)), PostgreSQLArray.literal(posts.map(\.value.likes)),
                    PostgreSQLArray.literal(posts.map(\.value.replies)),
                ])
        ]
    }
}
