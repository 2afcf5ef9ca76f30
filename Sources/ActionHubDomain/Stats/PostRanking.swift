/// What `GET /v1/stats/posts` ranks a category's posts by.
public enum PostRanking: String, Sendable, CaseIterable {
    case likes, replies
}
